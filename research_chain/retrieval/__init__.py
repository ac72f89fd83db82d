"""Retrieval shared by the stages: reading a question against the live graph, the
relation paths that exist around its seeds, typed sub-queries and their fusion.

Unlike :mod:`research_chain.understanding` (pure text logic), everything here asks
the graph; unlike :mod:`research_chain.components`, nothing here is a stage.
"""
