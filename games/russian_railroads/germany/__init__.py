"""The Deutschland tableau of German Railroads (option ``tableau="deutschland"``).

Its rules live here; the table plays it as its tableau (:mod:`.plugin`, chosen by the
registry :mod:`..plugins`), so a base game never runs this code.
"""
