"""BM25 full text over entities, on tantivy (see docs/adr/0002).

tantivy indexes incrementally: an update is a delete-by-id plus an add, and a
commit makes pending changes searchable. Commits are batched by the owner
(:class:`~research_chain.graph.embedded.EmbeddedGraph`) on a short timer, so a
burst of writes costs one commit and a single write is searchable well within
a second.
"""

from __future__ import annotations

from collections.abc import Iterable

import tantivy

from research_chain.graph.codec import is_naming
from research_chain.graph.memory import Node
from research_chain.graph.text import predicate_words, tokens

__all__ = ["FullText", "document_text"]

_ID = "id"
_BODY = "body"


def document_text(node: Node) -> str:
    """What an entity is searchable by: names, literal objects, predicate words.

    Naming predicates add their value but not their word: "name" would match
    every entity and only slow every query down.
    """
    parts: list[str] = [*node.names()]
    seen: set[str] = set()
    for fact in node.facts:
        naming = is_naming(fact.predicate)
        if not fact.entity and not naming:
            parts.append(fact.object)
        if naming or fact.predicate in seen:
            continue
        seen.add(fact.predicate)
        parts.append(predicate_words(fact.predicate))
    return "\n".join(parts)


class FullText:
    """One in-memory tantivy index; ``pending`` tells the owner a commit is due."""

    def __init__(self, heap_bytes: int = 64_000_000) -> None:
        builder = tantivy.SchemaBuilder()
        builder.add_text_field(_ID, stored=True, tokenizer_name="raw", index_option="basic")
        builder.add_text_field(_BODY, stored=False, tokenizer_name="default")
        self._schema = builder.build()
        self._index = tantivy.Index(self._schema)
        self._writer = self._index.writer(heap_bytes, 1)
        self.pending = 0

    def upsert(self, node: Node, *, fresh: bool = False) -> None:
        """Index ``node``; ``fresh`` skips the delete when it cannot be indexed yet."""
        if not fresh:
            self._writer.delete_documents_by_term(_ID, node.id)
        doc = tantivy.Document()
        doc.add_text(_ID, node.id)
        doc.add_text(_BODY, document_text(node))
        self._writer.add_document(doc)
        self.pending += 1

    def delete(self, entity_id: str) -> None:
        self._writer.delete_documents_by_term(_ID, entity_id)
        self.pending += 1

    def commit(self) -> None:
        """Make every pending change searchable."""
        if not self.pending:
            return
        self._writer.commit()
        self._index.reload()
        self.pending = 0

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        """Top ``k`` entity ids by BM25; any query word may match (OR)."""
        terms = list(dict.fromkeys(t for t in tokens(query) if len(t) <= 40))
        if not terms or k <= 0:
            return []
        query_obj = self._or_query(terms)
        searcher = self._index.searcher()
        result = searcher.search(query_obj, k)
        out: list[tuple[str, float]] = []
        for score, address in result.hits:
            doc = searcher.doc(address)
            out.append((str(doc[_ID][0]), float(score)))
        return out

    def _or_query(self, terms: Iterable[str]) -> tantivy.Query:
        clauses = [
            (tantivy.Occur.Should, tantivy.Query.term_query(self._schema, _BODY, term))
            for term in terms
        ]
        return tantivy.Query.boolean_query(clauses)

    def num_docs(self) -> int:
        return int(self._index.searcher().num_docs)

    def num_segments(self) -> int:
        return int(self._index.searcher().num_segments)
