"""The package's files: where the shipped data lives (:mod:`~elgrande.files.resources`) and
the on-disk cache of parsed card files and libraries (:mod:`~elgrande.files.diskcache`)."""

#: The package's version (pyproject.toml's ``[project] version``): ``elgrande.__version__``,
#: ``elgrande --version`` and every record header's ``"elgrande"``. Here, at the bottom, so
#: the facade writes it without importing the package root that imports the facade.
VERSION = "0.1.0"
