// NavigationTests: placeholder until the first real test lands; delete it then.
