"""American Railroads (option ``tableau="usa"``): the USA tableau "The Rocky
Mountaineer", the stock market, the steel mills and the American ?-tokens.

Its rules live here; the table plays it as its tableau (:mod:`.plugin`, chosen by the
registry :mod:`..plugins`), so a base game never runs this code.
"""
