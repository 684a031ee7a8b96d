"""The package's files: where the shipped data lives (:mod:`~elgrande.files.resources`) and
the on-disk cache of parsed card files and libraries (:mod:`~elgrande.files.diskcache`)."""
