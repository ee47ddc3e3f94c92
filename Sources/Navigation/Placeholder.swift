// Navigation: placeholder until the module's first real file lands; delete it then.
