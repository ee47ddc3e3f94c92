import Web
