"""``python -m elgrande``: the same command as the ``elgrande`` console script
(:func:`elgrande.tools.entry.run`), as pip and pytest allow ``python -m``."""

from elgrande.tools.entry import run

if __name__ == "__main__":
    run()
