"""The tool's version, in a module of its own so that any layer may read it: the
package's ``__init__`` hands out the library's entry points (the Heroes System's public
names), a layer above the systems that print the version on their sheets."""

__version__ = "0.1.0"
