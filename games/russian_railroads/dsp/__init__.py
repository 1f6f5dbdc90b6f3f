"""The DSP mini expansion (Deutscher Spielepreis 2014): Olga and Ludmilla.

Olga (engineer 4) puts a further worker on another player's free engineer and
carries out its action there; Ludmilla (engineer 7) sends the start-bonus cards
round the table.  Yucata's binding clarification for Ludmilla - "der eigene Zug
[wird] an dieser Stelle unterbrochen. Erst wenn alle Spieler Ludmilla genutzt
haben, wird der Zug wieder fortgesetzt" - is modelled inside the game: after
choosing, the activating seat may only confirm; the game then names each other
player in turn for a choice turn of its own and finally gives the activating
seat its turn back (see :mod:`.ludmilla`).  No platform change is needed: the
platform only ever lets the seat in ``status().to_move`` act.
"""
