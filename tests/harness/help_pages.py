"""What the program's --help and configuration parser offer, read the same way by the tests that
check them: the man pages (man_page.py) and the words people read (help_words.py)."""
import re
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]


def listed_subcommands(help_out: str) -> list[str]:
    """The commands a --help lists under "Subcommands:" (English), in its order."""
    if "Subcommands:" not in help_out:
        return []
    return re.findall(r"^  ([a-z][a-z-]*) ", help_out.split("Subcommands:", 1)[1], re.M)


def config_keys() -> set[str]:
    """Every key the configuration parser compares against (`key == "name"` in
    handler/xdg/config.cpp)."""
    text = (SOURCE / "handler/xdg/config.cpp").read_text()
    return set(re.findall(r"\bkey == \"([a-z][a-z0-9_-]*)\"", text))
