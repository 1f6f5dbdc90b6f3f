"""The coal module of German Railroads (option ``coal``): coal, the coal board, the
foundries and boilers, the coal factory and engineer.  It plugs into the base game
through the hooks of :mod:`.plugin` (wired by the registry :mod:`..plugins`)."""
