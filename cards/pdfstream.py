"""A reportlab Canvas that writes each finished page to the file at once.

Stock reportlab keeps every page (and then the whole file) in memory until `save()`. For
10,000 cards that grows without bound, so this canvas formats a page and its content stream
as soon as `showPage()` finishes it, writes them out, and keeps only their byte offsets for
the cross-reference table. Shared objects (fonts, images, forms, the page tree) are written
at the end as usual. Relies on reportlab's PDFDocument object numbering (stable since 3.x).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

PDF_VERSION = (1, 4)  # transparency (the washes over images) needs 1.4


@contextmanager
def binary_streams() -> Iterator[None]:
    """Plain Flate streams instead of reportlab's default ASCII85 + Flate while formatting:
    a quarter smaller, and the pure-Python ASCII85 encoder was a third of the run time."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


class _Written(pdfdoc.PDFObject):
    """Stands in for an object already written to the file."""


_WRITTEN = _Written()


class _InfoWithExtras(pdfdoc.PDFInfo):
    """The document info dictionary plus extra string entries (reportlab has no custom keys)."""

    extras: dict[str, str] = {}

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        standard: bytes = pdfdoc.PDFInfo.format(self, document)
        if not self.extras:
            return standard
        extra = b"".join(
            b"/" + key.encode("ascii") + b" " + pdfdoc.PDFString(value).format(document) + b"\n"
            for key, value in self.extras.items()
        )
        end = standard.rindex(b">>")
        return standard[:end] + extra + standard[end:]


class _StreamingDocument(pdfdoc.PDFDocument):
    """PDFDocument whose pages are written out early; see the module docstring."""

    def _start(self, out: BinaryIO) -> None:
        self._out = out
        self._flushed_pages = 0
        header = pdfdoc.PDFFile(self._pdfVersion).format(self)
        out.write(header)
        self._offset = len(header)

    def _write_object(self, name: str, obj: pdfdoc.PDFObject) -> None:
        data = pdfdoc.PDFIndirectObject(name, obj).format(self)
        self.idToOffset[name] = self._offset
        self._out.write(data)
        self._offset += len(data)
        self.idToObject[name] = _WRITTEN

    def _flush_pages(self) -> None:
        pages = self.Pages.pages
        for i in range(self._flushed_pages, len(pages)):
            page = pages[i]
            name = page.__InternalName__
            self._write_object(name, page)  # registers its content stream as a new object
            contents = page.Contents
            self._write_object(contents.__InternalName__, contents)
            pages[i] = pdfdoc.PDFObjectReference(name)
        self._flushed_pages = len(pages)

    def format(self) -> bytes:  # called by GetPDFData at the end
        self.encrypt.prepare(self)
        self.Reference(self.Catalog)
        self.Reference(self.info)
        ids = []
        counter = 0
        while True:  # objects may be added while formatting, hence the open loop
            counter += 1
            if counter not in self.numberToId:
                break
            oid = self.numberToId[counter]
            obj = self.idToObject[oid]
            if not isinstance(obj, _Written):
                self._write_object(oid, obj)
            ids.append(oid)
        xref = pdfdoc.PDFCrossReferenceTable()
        xref.addsection(0, ids)
        xref_data = xref.format(self)
        xref_offset = self._offset
        self._out.write(xref_data)
        self._offset += len(xref_data)
        trailer = pdfdoc.PDFTrailer(
            startxref=xref_offset,
            Size=len(ids) + 1,
            Root=self.Reference(self.Catalog),
            Info=self.Reference(self.info),
            Encrypt=None,
            ID=self.ID(),
        )
        self._out.write(trailer.format(self))
        return b""


class StreamingCanvas(Canvas):
    """A Canvas on an open binary file; pages go to the file as they are finished."""

    def __init__(self, out: BinaryIO, pagesize: tuple[float, float], **kwargs: Any) -> None:
        super().__init__(
            out, pagesize=pagesize, invariant=1, pageCompression=1, pdfVersion=PDF_VERSION, **kwargs
        )
        self._doc.__class__ = _StreamingDocument
        self._doc._start(out)

    def set_info_extras(self, extras: dict[str, str]) -> None:
        """Extra document-info entries, e.g. {"BingoSeed": "42"} -> /BingoSeed (42)."""
        info = self._doc.info
        info.__class__ = _InfoWithExtras
        info.extras = dict(extras)

    def showPage(self) -> None:
        with binary_streams():
            super().showPage()
            self._doc._flush_pages()

    def save(self) -> None:
        if len(self._code):
            self.showPage()
        with binary_streams():
            self._doc.GetPDFData(self)
