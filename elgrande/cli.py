"""The ``elgrande`` command line (click). The rules core knows nothing of this module."""

from __future__ import annotations

import sys

import click

from elgrande import __version__


@click.group()
@click.version_option(__version__, prog_name="elgrande")
def main() -> None:
    """elgrande: a rules-checked El Grande engine with cards as data."""


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
def scenario(files: tuple[str, ...]) -> None:
    """Run scenario case FILES (or folders of them) and report each case.

    Prints one line per case and a final 'N passed, N failed' line; exits 1 if any failed.
    """
    from elgrande import scenario as sc

    passed = failed = 0
    for path in sc.case_files(files):
        result = sc.run_file(path)
        click.echo(result.line())
        if result.passed:
            passed += 1
        else:
            failed += 1
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
