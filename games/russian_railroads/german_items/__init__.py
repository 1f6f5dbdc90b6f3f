"""German Railroads' fourth module: the new engineers (6, 15, 5, -10) and the German
?-token "4 Münzen" / ?-card "Aufwerter" at tables without the Deutschland tableau.

The engineers themselves are data (``data/new_engineers.json``); this package holds
what no other effect does: engineer 5's draw of two start bonus cards and engineer
-10's use of an own factory.
"""
