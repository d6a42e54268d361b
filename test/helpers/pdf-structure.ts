import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { pageFonts, streamText, type Decoder } from './pdf-text';

/**
 * Reads a tagged PDF's structure back the way a screen reader meets it (PDF 1.7, 14.7 and 14.8):
 * the catalogue's MarkInfo, Lang and ViewerPreferences; the structure tree from StructTreeRoot,
 * each element with its type, alternative text, attributes and the text of its marked content; and
 * what is wrong: text outside marked content with an MCID, drawing outside any marked content (an
 * untagged artifact), an MCID the page's ParentTree entry does not map back to the element that
 * holds it, an element's MCID that is not on its page.
 */
export interface StructElement {
  type: string;
  alt?: string;
  /** Attribute entries of every owner, e.g. { O: 'Table', Scope: 'Row', ColSpan: '2' }. */
  attributes: Record<string, string>;
  kids: StructElement[];
  mcids: number[];
  /** Its own marked content's text, one MCID (a line) after another, as a reader joins them: with what the lines hold. */
  text: string;
}

export interface PdfStructure {
  marked: boolean;
  lang: string | undefined;
  displayDocTitle: boolean;
  /** The StructTreeRoot's kids (a tagged document has one: Document). */
  roots: StructElement[];
  problems: string[];
}

const str = (o: PDFObject | undefined): string | undefined =>
  o instanceof PDFHexString || o instanceof PDFString
    ? o.decodeText()
    : o instanceof PDFName
      ? o.decodeText()
      : o instanceof PDFNumber
        ? String(o.asNumber())
        : o?.toString();

/** Every element of a tree, depth first, in reading order. */
export const walk = (elements: readonly StructElement[]): StructElement[] =>
  elements.flatMap((e) => [e, ...walk(e.kids)]);

/** Text of an element and all its descendants. */
export const textOf = (e: StructElement): string => [e.text, ...e.kids.map(textOf)].filter(Boolean).join(' ');

/** A number tree's entries (Nums, and Kids' Nums). */
const numberTree = (
  doc: PDFDocument,
  node: PDFDict | undefined,
  out = new Map<number, PDFObject>(),
): Map<number, PDFObject> => {
  if (!node) return out;
  const nums = node.lookupMaybe(PDFName.of('Nums'), PDFArray);
  for (let i = 0; nums && i + 1 < nums.size(); i += 2) out.set(nums.lookup(i, PDFNumber).asNumber(), nums.get(i + 1));
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  for (let i = 0; kids && i < kids.size(); i++) numberTree(doc, kids.lookup(i, PDFDict), out);
  return out;
};

type Token = { kind: 'op'; value: string } | { kind: 'operand'; value: string };

/** Content stream tokens: operands (names, numbers, strings, whole dictionaries and arrays as text) and operators. */
function* tokens(content: string): Generator<Token> {
  let i = 0;
  const delimiters = '()<>[]{}/%';
  const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
  while (i < content.length) {
    const c = content[i]!;
    if (isSpace(c)) i++;
    else if (c === '%') while (i < content.length && content[i] !== '\n') i++;
    else if (c === '(') {
      let depth = 0;
      const start = i;
      for (; i < content.length; i++) {
        if (content[i] === '\\') i++;
        else if (content[i] === '(') depth++;
        else if (content[i] === ')' && --depth === 0) break;
      }
      i++;
      yield { kind: 'operand', value: content.slice(start, i) };
    } else if (content.startsWith('<<', i) || c === '[') {
      const [open, close] = c === '[' ? ['[', ']'] : ['<<', '>>'];
      let depth = 0;
      const start = i;
      while (i < content.length) {
        if (content.startsWith(open, i)) {
          depth++;
          i += open.length;
        } else if (content.startsWith(close, i)) {
          i += close.length;
          if (--depth === 0) break;
        } else if (content[i] === '(') {
          for (let d = 0; i < content.length; i++) {
            if (content[i] === '\\') i++;
            else if (content[i] === '(') d++;
            else if (content[i] === ')' && --d === 0) break;
          }
          i++;
        } else i++;
      }
      yield { kind: 'operand', value: content.slice(start, i) };
    } else if (c === '<') {
      const end = content.indexOf('>', i);
      yield { kind: 'operand', value: content.slice(i, end + 1) };
      i = end + 1;
    } else {
      const start = i;
      i++;
      while (i < content.length && !isSpace(content[i]) && !delimiters.includes(content[i]!)) i++;
      const word = content.slice(start, i);
      yield /^[/+\-.\d]/.test(word) ? { kind: 'operand', value: word } : { kind: 'op', value: word };
    }
  }
}

const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);
const PAINTING = new Set(['f', 'F', 'f*', 'S', 's', 'B', 'B*', 'b', 'b*', 'Do', 'sh', 'BI']);

interface PageContent {
  /** Each MCID's tag and text, in drawing order. */
  mcids: Map<number, { tag: string; text: string }>;
  problems: string[];
}

/** Walks a page's content: marked content frames, the MCID each text and drawing is in, and its text. */
function readContent(page: PDFPage, label: string): PageContent {
  const fonts = pageFonts(page);
  const latin1: Decoder = (hex) => Buffer.from(hex, 'hex').toString('latin1');
  let decode = latin1;
  const frames: { tag: string; mcid: number | null }[] = [];
  const mcids = new Map<number, { tag: string; text: string }>();
  const problems: string[] = [];
  let operands: string[] = [];
  const innermostMcid = () => [...frames].reverse().find((f) => f.mcid !== null)?.mcid ?? null;
  for (const token of tokens(streamText(page))) {
    if (token.kind === 'operand') {
      operands.push(token.value);
      continue;
    }
    const op = token.value;
    if (op === 'BDC' || op === 'BMC') {
      const tag = operands[0]?.slice(1) ?? '';
      const mcid = op === 'BDC' ? /\/MCID\s+(\d+)/.exec(operands[1] ?? '')?.[1] : undefined;
      const frame = { tag, mcid: mcid === undefined ? null : Number(mcid) };
      if (frame.mcid !== null) {
        if (mcids.has(frame.mcid)) problems.push(`${label}: MCID ${frame.mcid} marks two sequences`);
        mcids.set(frame.mcid, { tag, text: '' });
      }
      frames.push(frame);
    } else if (op === 'EMC') {
      if (!frames.pop()) problems.push(`${label}: EMC without BDC/BMC`);
    } else if (op === 'Tf') {
      decode = fonts.get(operands[0] ?? '')?.decode ?? latin1;
    } else if (TEXT_SHOWING.has(op)) {
      const hex = operands.flatMap((o) => [...o.matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => m[1] ?? ''));
      const shown = hex.map(decode).join('');
      const mcid = innermostMcid();
      if (mcid === null || frames.some((f) => f.tag === 'Artifact'))
        problems.push(`${label}: text outside marked content with an MCID: "${shown}"`);
      else {
        const entry = mcids.get(mcid)!;
        entry.text += shown;
      }
    } else if (PAINTING.has(op) && frames.length === 0) {
      problems.push(`${label}: "${op}" paints outside marked content (neither tagged nor an artifact)`);
    }
    operands = [];
  }
  if (frames.length) problems.push(`${label}: ${frames.length} marked content sequence(s) left open`);
  return { mcids, problems };
}

export async function readStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const doc = await PDFDocument.load(bytes);
  const catalog = doc.catalog;
  const problems: string[] = [];
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  const prefs = catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  const treeRoot = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const pages = doc.getPages();
  const pageIndex = new Map(pages.map((p, i) => [p.ref.toString(), i]));
  const contents = pages.map((p, i) => readContent(p, `page ${i + 1}`));
  for (const c of contents) problems.push(...c.problems);

  // Which element ref holds which (page, MCID), from the tree.
  const holders = new Map<string, string>();
  const read = (ref: PDFRef, dict: PDFDict, pageOf: number | undefined): StructElement => {
    const pg = dict.get(PDFName.of('Pg'));
    const page = pg instanceof PDFRef ? pageIndex.get(pg.toString()) : pageOf;
    const element: StructElement = {
      type: str(dict.get(PDFName.of('S'))) ?? '',
      attributes: {},
      kids: [],
      mcids: [],
      text: '',
    };
    const alt = dict.lookup(PDFName.of('Alt'));
    if (alt) element.alt = str(alt);
    const a = dict.lookup(PDFName.of('A'));
    for (const owner of a instanceof PDFArray ? a.asArray().map((o) => doc.context.lookup(o)) : [a])
      if (owner instanceof PDFDict)
        for (const [k, v] of owner.entries()) element.attributes[k.decodeText()] = str(v) ?? '';
    const k = dict.get(PDFName.of('K'));
    const kids = k instanceof PDFArray ? k.asArray() : k ? [k] : [];
    const texts: string[] = [];
    for (const kid of kids) {
      const resolved = kid instanceof PDFRef ? doc.context.lookup(kid) : kid;
      let mcid: number | undefined;
      let mcidPage = page;
      if (resolved instanceof PDFNumber) mcid = resolved.asNumber();
      else if (resolved instanceof PDFDict && str(resolved.get(PDFName.of('Type'))) === 'MCR') {
        mcid = resolved.lookup(PDFName.of('MCID'), PDFNumber).asNumber();
        const mcrPg = resolved.get(PDFName.of('Pg'));
        if (mcrPg instanceof PDFRef) mcidPage = pageIndex.get(mcrPg.toString());
      } else if (resolved instanceof PDFDict && kid instanceof PDFRef) {
        element.kids.push(read(kid, resolved, page));
        continue;
      } else {
        problems.push(`${element.type}: a kid that is neither an element nor marked content`);
        continue;
      }
      element.mcids.push(mcid);
      const content = mcidPage === undefined ? undefined : contents[mcidPage]?.mcids.get(mcid);
      if (!content) problems.push(`${element.type}: MCID ${mcid} is not on its page`);
      else {
        texts.push(content.text);
        if (content.tag !== element.type) problems.push(`${element.type}: MCID ${mcid} is tagged ${content.tag}`);
      }
      holders.set(`${mcidPage}:${mcid}`, ref.toString());
    }
    element.text = texts.join('');
    return element;
  };
  const rootKids = treeRoot?.get(PDFName.of('K'));
  const roots = (rootKids instanceof PDFArray ? rootKids.asArray() : rootKids ? [rootKids] : [])
    .filter((r): r is PDFRef => r instanceof PDFRef)
    .map((r) => read(r, doc.context.lookup(r, PDFDict), undefined));

  // Every MCID on every page: the page's ParentTree entry names the element that holds it.
  const parentTree = numberTree(doc, treeRoot?.lookupMaybe(PDFName.of('ParentTree'), PDFDict));
  pages.forEach((page, i) => {
    const key = page.node.get(PDFName.of('StructParents'));
    const entry = key instanceof PDFNumber ? doc.context.lookup(parentTree.get(key.asNumber())) : undefined;
    for (const mcid of contents[i]!.mcids.keys()) {
      const parent = entry instanceof PDFArray ? entry.get(mcid) : undefined;
      if (!(parent instanceof PDFRef)) problems.push(`page ${i + 1}: MCID ${mcid} has no ParentTree entry`);
      else if (holders.get(`${i}:${mcid}`) !== parent.toString())
        problems.push(`page ${i + 1}: MCID ${mcid}'s ParentTree entry is not the element that holds it`);
    }
  });

  return {
    marked:
      markInfo?.lookup(PDFName.of('Marked')) instanceof PDFBool &&
      markInfo.lookup(PDFName.of('Marked'), PDFBool).asBoolean(),
    lang: str(catalog.lookup(PDFName.of('Lang'))),
    displayDocTitle:
      prefs?.lookup(PDFName.of('DisplayDocTitle')) instanceof PDFBool &&
      prefs.lookup(PDFName.of('DisplayDocTitle'), PDFBool).asBoolean(),
    roots,
    problems,
  };
}
