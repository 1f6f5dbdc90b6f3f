"""The shared kit every game is built on (issue 23): the contract's defaults in one place.

One module per concept:

- :mod:`.base`: :class:`GameBase`, the contract with its defaults (redaction,
  identity ``determinize``, options from ``option_schema``, snapshots of the
  state, ``state_version``) and status helpers;
- :mod:`.capabilities`: what a game declares for the platform (the analysis bot,
  secret scores) instead of name lists in the platform;
- :mod:`.hooks`: how the platform reads capabilities and optional hooks;
- :mod:`.decision`: the event builder of ``decide`` (emit, fold, rng);
- :mod:`.args`: the one parser of command arguments;
- :mod:`.options`: option validation by JSON Schema;
- :mod:`.codec`: (de)serialisation of dataclass states for snapshots;
- :mod:`.memo`: the rule for engine caches, and a memo keyed by identity;
- :mod:`.bounded`: the store of a module-level cache that is emptied when full.
"""

from .args import Args, BadArgument
from .base import GameBase, ranked, setting_up
from .capabilities import Capabilities
from .decision import Decision
from .memo import Memo, seal

__all__ = ["Args", "BadArgument", "Capabilities", "Decision", "GameBase", "Memo", "ranked", "seal", "setting_up"]
