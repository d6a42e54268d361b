import {
  beginMarkedContent,
  beginText,
  endMarkedContent,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFRawStream,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFObject,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';

/**
 * What the ticket and receipt PDFs share (pdf-lib; docs/decisions/351-vat-receipts-and-pdfs-in-the-page.md):
 * an A4 page, an embedded Latin font (latin-font.ts; a Chinese document adds an embedded CJK font,
 * decision 525), text wrapped to the page, label and value rows, the structure that makes the PDF a
 * tagged one (docs/decisions/660-tagged-pdfs.md) and what PDF/UA-1 asks besides
 * (docs/decisions/780-pdf-ua.md). Only imported by the PDF modules, which screens load with import().
 */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;
export const INK = rgb(0.07, 0.07, 0.07);
export const MUTED = rgb(0.3, 0.3, 0.3);

export interface Row {
  label: string;
  value: string;
}

/**
 * The embedded Latin font covers the Latin-script catalogues and the Latin a name can hold
 * (scripts/pdf-latin-font.ts). A PDF in Chinese also embeds a CJK font (cjk-font.ts, decision 525):
 * each run of text is drawn with the Latin font when it has the characters, else with the CJK
 * font, so Latin looks the same in every language. Typographic arrows become "-", and a character
 * neither font can draw becomes "?" rather than failing the whole document.
 */
export class Face {
  private readonly own: Set<number>;
  private readonly wide: Set<number>;
  constructor(
    readonly font: PDFFont,
    readonly fallback: PDFFont | null = null,
  ) {
    this.own = new Set(font.getCharacterSet());
    this.wide = new Set(fallback?.getCharacterSet() ?? []);
  }

  /** `text` with what neither font draws replaced ("?", arrows as "-", white space as one space). */
  drawable(text: string): string {
    return [...text.replace(/[→⇄⇒]/g, '-').replace(/\s+/g, ' ')]
      .map((ch) => {
        const cp = ch.codePointAt(0) ?? 0;
        return this.own.has(cp) || this.wide.has(cp) ? ch : '?';
      })
      .join('');
  }

  /** Drawable text cut into runs of one font each. */
  runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const ch of this.drawable(text)) {
      const font = this.own.has(ch.codePointAt(0) ?? 0) || !this.fallback ? this.font : this.fallback;
      const last = runs.at(-1);
      if (last?.font === font) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }
}

/**
 * Splits `text` into lines no wider than `width` at `size` (long words, and CJK text without spaces,
 * are cut). A line that breaks at a space keeps it at its end, unseen: a screen reader or a copy
 * joins the lines of a paragraph with it, not run together (a cut word joins with none).
 */
export function wrap(face: Face, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of face.drawable(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (face.width(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(`${line} `);
    let rest = [...word];
    while (face.width(rest.join(''), size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && face.width(rest.slice(0, cut).join(''), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines;
}

/** The standard structure types the two documents use (PDF 1.7, 14.8.4). */
export type StructType =
  | 'Document'
  | 'H1'
  | 'H2'
  | 'P'
  | 'Table'
  | 'THead'
  | 'TBody'
  | 'TFoot'
  | 'TR'
  | 'TH'
  | 'TD'
  | 'Figure';

/** Structure attributes (PDF 1.7, 14.8.5): a table cell's scope and span, a figure's box. */
export type StructAttributes =
  | { O: 'Table'; Scope?: 'Row' | 'Column'; ColSpan?: number }
  | { O: 'Layout'; BBox: [number, number, number, number]; Placement: 'Block' };

/** One element of the structure tree: its kids are elements and marked content (an MCID on the page). */
interface StructNode {
  type: StructType;
  kids: (StructNode | number)[];
  alt?: string;
  attributes?: StructAttributes;
}

/** Elements whose kids may be marked content directly; text anywhere else gets a paragraph of its own. */
const TEXT_HOLDERS: ReadonlySet<StructType> = new Set(['H1', 'H2', 'P', 'TH', 'TD']);

/** The document's properties and alternative text are Unicode strings: no font needed, only no control characters. */
const plain = (text: string) => text.replace(/[→⇄⇒]/g, '-').replace(/\s+/g, ' ').trim();

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentMeta {
  title: string;
  subject: string;
  author: string;
  language: string;
}

/**
 * The document's XMP metadata (PDF/UA-1, ISO 14289-1 5 and 7.1): the PDF/UA identification
 * (`pdfuaid:part` 1) and the title as `dc:title`, with the description, creator, language, producer
 * and dates the document information dictionary also holds (they must agree).
 */
export const xmpMetadata = (meta: DocumentMeta, producer: string, created: Date): string => {
  const date = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    '<pdfuaid:part>1</pdfuaid:part>',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(plain(meta.title))}</rdf:li></rdf:Alt></dc:title>`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(plain(meta.subject))}</rdf:li></rdf:Alt></dc:description>`,
    `<dc:creator><rdf:Seq><rdf:li>${xml(plain(meta.author))}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:language><rdf:Bag><rdf:li>${xml(meta.language)}</rdf:li></rdf:Bag></dc:language>`,
    `<pdf:Producer>${xml(producer)}</pdf:Producer>`,
    `<xmp:CreatorTool>${xml(plain(meta.author))}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${date}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
};

/** The producer both the information dictionary and the XMP name. */
const PRODUCER = 'pdf-lib (https://github.com/Hopding/pdf-lib)';

/**
 * Draws one page and builds its structure tree as it goes (a tagged PDF, decision 660): every line
 * of text and the ticket's code are marked content with an MCID, kept in the element being drawn
 * (a heading, a paragraph, a table cell, a figure); rules are artifacts. `save()` writes the tree,
 * the page's ParentTree entry and the catalogue's MarkInfo.
 */
export class PdfWriter {
  y = A4.height - MARGIN;
  private readonly fontKeys = new Map<PDFFont, PDFName>();
  private readonly root: StructNode = { type: 'Document', kids: [] };
  private current: StructNode = this.root;
  /** The element each MCID of the page belongs to, by MCID (the page's ParentTree entry). */
  private readonly owners: StructNode[] = [];
  private constructor(
    readonly doc: PDFDocument,
    readonly page: PDFPage,
    readonly regular: Face,
    readonly bold: Face,
    private readonly meta: DocumentMeta,
    private readonly created: Date,
  ) {}

  /**
   * Every document embeds the Latin fonts (PDF/UA-1: every glyph from an embedded font); a Chinese
   * one (`language` zh…) the CJK font too. Both are loaded with import() only here.
   */
  static async create(meta: DocumentMeta): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([A4.width, A4.height]);
    const [latin, wide] = await Promise.all([
      import('./latin-font').then((m) => m.embedLatinFonts(doc)),
      /^zh\b/i.test(meta.language) ? import('./cjk-font').then((m) => m.embedCjkFont(doc)) : null,
    ]);
    const created = new Date();
    const writer = new PdfWriter(doc, page, new Face(latin.regular, wide), new Face(latin.bold, wide), meta, created);
    // A reader shows the title, not the file name (ViewerPreferences DisplayDocTitle).
    doc.setTitle(plain(meta.title), { showInWindowTitleBar: true });
    doc.setSubject(plain(meta.subject));
    doc.setAuthor(plain(meta.author));
    doc.setCreator(plain(meta.author));
    doc.setProducer(PRODUCER);
    doc.setLanguage(meta.language);
    doc.setCreationDate(created);
    doc.setModificationDate(created);
    return writer;
  }

  /** Draws what `draw` draws inside a new element of the structure tree, a kid of the current one. */
  element(type: StructType, draw: () => void, extra: { alt?: string; attributes?: StructAttributes } = {}): void {
    const node: StructNode = { type, kids: [], ...extra };
    this.current.kids.push(node);
    const parent = this.current;
    this.current = node;
    try {
      draw();
    } finally {
      this.current = parent;
    }
  }

  /** Text drawn by `draw` in the current element if it holds text, else in a new `type` element. */
  private textElement(type: 'H1' | 'H2' | 'P', draw: () => void): void {
    if (TEXT_HOLDERS.has(this.current.type)) draw();
    else this.element(type, draw);
  }

  /**
   * What `draw` draws onto the page, as marked content of the current element: tagged with the
   * element's type and the page's next MCID (a line of text, the ticket's code).
   */
  markedContent(draw: () => void): void {
    const mcid = this.owners.length;
    this.owners.push(this.current);
    this.current.kids.push(mcid);
    // The property list is inline: a dictionary written as it stands (pdf-lib types operands narrowly).
    const tag = PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
      PDFName.of(this.current.type),
      `<< /MCID ${mcid} >>`,
    ]);
    this.page.pushOperators(tag);
    draw();
    this.page.pushOperators(endMarkedContent());
  }

  /** Decoration (a rule): an artifact, which assistive technology skips. */
  private artifact(draw: () => void): void {
    this.page.pushOperators(beginMarkedContent('Artifact'));
    draw();
    this.page.pushOperators(endMarkedContent());
  }

  /** One line of text at (x, y), run by run in one text object (a reader extracts it as one line). */
  private drawLine(face: Face, line: string, x: number, y: number, size: number, color: RGB): void {
    const ops = [pushGraphicsState(), beginText(), setFillingColor(color), moveText(x, y)];
    for (const run of face.runs(line)) {
      let key = this.fontKeys.get(run.font);
      if (!key) {
        key = this.page.node.newFontDictionary(run.font.name, run.font.ref);
        this.fontKeys.set(run.font, key);
      }
      ops.push(setFontAndSize(key, size), showText(run.font.encodeText(run.text)));
    }
    ops.push(endText(), popGraphicsState());
    this.markedContent(() => this.page.pushOperators(...ops));
  }

  get contentWidth(): number {
    return A4.width - 2 * MARGIN;
  }

  /**
   * Wrapped text, each line one MCID: inside a heading, paragraph or table cell it joins that
   * element, anywhere else it is an element of its own (`role`, a paragraph unless it says).
   */
  text(
    text: string,
    opts: {
      size?: number;
      bold?: boolean;
      x?: number;
      width?: number;
      muted?: boolean;
      gap?: number;
      role?: 'H1' | 'H2' | 'P';
    } = {},
  ): void {
    const size = opts.size ?? 11;
    const face = opts.bold ? this.bold : this.regular;
    const x = opts.x ?? MARGIN;
    this.textElement(opts.role ?? 'P', () => {
      for (const line of wrap(face, text, size, opts.width ?? A4.width - MARGIN - x)) {
        this.y -= size * 1.3;
        this.drawLine(face, line, x, this.y, size, opts.muted ? MUTED : INK);
      }
    });
    this.y -= opts.gap ?? 0;
  }

  /** Text right-aligned to `right` on the current line (no wrap: amounts are short). */
  textRight(text: string, right: number, opts: { size?: number; bold?: boolean } = {}): void {
    const size = opts.size ?? 11;
    const face = opts.bold ? this.bold : this.regular;
    const line = face.drawable(text);
    this.textElement('P', () => this.drawLine(face, line, right - face.width(line, size), this.y, size, INK));
  }

  /** Label and value rows: the label in bold on the left, the value wrapped beside it; a table whose row headers are the labels. */
  rows(rows: readonly Row[], labelWidth = 150): void {
    this.element('Table', () => {
      for (const row of rows) {
        this.element('TR', () => {
          const top = this.y;
          this.element('TH', () => this.text(row.label, { bold: true, width: labelWidth - 8 }), {
            attributes: { O: 'Table', Scope: 'Row' },
          });
          const afterLabel = this.y;
          this.y = top;
          this.element('TD', () => this.text(row.value, { x: MARGIN + labelWidth }));
          this.y = Math.min(this.y, afterLabel) - 4;
        });
      }
    });
  }

  rule(): void {
    this.y -= 8;
    const y = this.y;
    this.artifact(() =>
      this.page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.75, color: MUTED }),
    );
    this.y -= 4;
  }

  /**
   * Writes the structure tree (PDF 1.7, 14.7): a StructTreeRoot over one Document element, each
   * element with its parent, page, kids (MCIDs and elements), alternative text and attributes; the
   * page's StructParents key into a ParentTree that maps each MCID back to its element; and
   * MarkInfo Marked true in the catalogue, which tells a reader the PDF is tagged.
   */
  private writeStructure(): void {
    const context = this.doc.context;
    const refs = new Map<StructNode, PDFRef>();
    const assign = (node: StructNode) => {
      refs.set(node, context.nextRef());
      for (const kid of node.kids) if (typeof kid !== 'number') assign(kid);
    };
    assign(this.root);
    const rootRef = context.nextRef();
    const ref = (node: StructNode): PDFRef => {
      const found = refs.get(node);
      if (!found) throw new Error('structure element without a reference');
      return found;
    };
    const write = (node: StructNode, parent: PDFRef) => {
      const kids: PDFObject[] = node.kids.map((kid) => (typeof kid === 'number' ? PDFNumber.of(kid) : ref(kid)));
      const element = context.obj({ Type: 'StructElem', S: node.type, P: parent, Pg: this.page.ref, K: kids });
      if (node.alt !== undefined) element.set(PDFName.of('Alt'), PDFHexString.fromText(plain(node.alt)));
      if (node.attributes) element.set(PDFName.of('A'), context.obj(node.attributes));
      context.assign(ref(node), element);
      for (const kid of node.kids) if (typeof kid !== 'number') write(kid, ref(node));
    };
    write(this.root, rootRef);
    // One page, StructParents 0: its array lists, by MCID, the element each marked content belongs to.
    const parentTree = context.register(context.obj({ Nums: [PDFNumber.of(0), context.obj(this.owners.map(ref))] }));
    context.assign(
      rootRef,
      context.obj({ Type: 'StructTreeRoot', K: ref(this.root), ParentTree: parentTree, ParentTreeNextKey: 1 }),
    );
    this.page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
    // Tab order follows the structure (PDF/UA asks it of every page, links or not).
    this.page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
    this.doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    this.doc.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }

  /** The XMP metadata stream in the catalogue (PDF/UA-1 identification and dc:title), uncompressed. */
  private writeMetadata(): void {
    const context = this.doc.context;
    const bytes = new TextEncoder().encode(xmpMetadata(this.meta, PRODUCER, this.created));
    const stream = PDFRawStream.of(context.obj({ Type: 'Metadata', Subtype: 'XML', Length: bytes.length }), bytes);
    this.doc.catalog.set(PDFName.of('Metadata'), context.register(stream));
  }

  save(): Promise<Uint8Array> {
    this.writeStructure();
    this.writeMetadata();
    return this.doc.save();
  }
}
