"""Tools over the engine: game logs, explain, the coverage report, position files
(issue 19, item 1). They may import any layer below and are never compiled.
"""
