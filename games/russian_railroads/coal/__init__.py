"""The coal module of German Railroads (option ``coal``): coal, the coal board, the
foundries and boilers, the coal factory and engineer.  Base modules reach it through
small hooks that test ``state.options.get("coal")``."""
