// The machinery behind estimateTokens: every UTF-16 code unit is classified once (a 64 KB
// lookup table), and a small state machine, compiled into one transition table, adds the cost
// of each step. The hot loop is then two array reads and an add per code unit; the readable
// rules live in `step` below and run only while the table is built (once, on first use).

/** Costs are fixed point: 1 token = 64 units, so fractional costs add up without floats. */
export const UNITS_PER_TOKEN = 64;

/** What a code unit is, as far as tokenizers care. */
const enum Kind {
  Lower, Upper, Digit, Space, Newline, Blank, Punct, WordPunct, LatinLetter, Cyrillic,
  Arabic, Indic, Hangul, Ideograph, Kana, WidePunct, GeneralPunct, Symbol, Joiner, Mark,
  EmojiHigh, AstralHigh, LowSurrogate, OtherLetter,
}
const KIND_COUNT = 24;
const KIND_BITS = 5;

/** Where the machine is: between words, inside a run of some kind, or inside an opaque run. */
const enum At {
  Start, Space, Spaces, Newline, Punct, Puncts,
  Opaque, Script, Cjk, Wide, Emoji, EmojiHalf, Astral,
  // Latin word states follow: for each switch count (see OPAQUE_AFTER_SWITCHES), one per word kind below.
  Word,
}
const SWITCH_LEVELS = 4;
/** Lowercase letters a word may run to before each further one is charged as a long, rare word's. */
const SHORT_WORD_LETTERS = 12;
/** Inside a Latin word: lowercase letters 1…SHORT_WORD_LETTERS, then long; uppercase; digits 1–3. */
const LOWER = 0;
const LONG_LOWER = SHORT_WORD_LETTERS;
const UPPER = LONG_LOWER + 1;
const DIGIT = UPPER + 1;
const WORD_KINDS = DIGIT + 3;

/**
 * The costs, in tokens. Calibrated against o200k on test/fixtures/token-corpus (the accuracy
 * test keeps them honest: every sample and class within 1.0–1.5×).
 */
export const COSTS = Object.freeze({
  /** A Latin word (letters, with the space before it). */
  word: 1.0,
  /** Each further lowercase / accented / uppercase letter of a Latin word. */
  lowerLetter: 0.06,
  /** Each lowercase letter past SHORT_WORD_LETTERS: long words are rare words, split into pieces. */
  longWordLetter: 0.3,
  latinLetter: 0.4,
  upperLetter: 0.2,
  /** A case or letter/digit switch inside a word (camelCase, `utf8`): tokenizers split there. */
  switch: 1.0,
  /** A group of up to three digits (o200k splits numbers into groups of three). */
  digits: 1.0,
  /** Each code unit of a run that switched kinds too often to be words: base64, hex, keys. */
  opaque: 0.8,
  /** The first punctuation mark of a run, and each further one. */
  punct: 1.0,
  morePunct: 0.25,
  /** A word right after a single punctuation mark (`(text`, `.split`) usually shares its token. */
  wordAfterPunct: 0.6,
  /** Two or more spaces / a tab (indentation), a line break after a word. */
  spaces: 1.0,
  newline: 1.0,
  /** Word-like scripts: a word, and each further letter. */
  scriptWord: 1.0,
  cyrillicLetter: 0.24,
  arabicLetter: 0.27,
  indicLetter: 0.3,
  hangulLetter: 0.9,
  otherLetter: 0.4,
  /** A combining mark. */
  mark: 0.3,
  /** CJK ideographs and kana, each. */
  ideograph: 0.87,
  kana: 0.85,
  /** Full-width and CJK punctuation, general punctuation (— “ ” …), BMP symbols (✅ ❤ ☀). */
  widePunct: 1.0,
  generalPunct: 1.0,
  symbol: 1.5,
  /** An emoji-plane code point (emoji, skin tones, flags' letters), a ZWJ or variation selector. */
  emoji: 2.0,
  joiner: 1.0,
  /** A space before an emoji or a number stays a token of its own (tokenizers learned few such merges). */
  spaceBeforeSymbol: 0.8,
  spaceBeforeDigit: 1.0,
  /** Any other astral code point (rare CJK, math letters). */
  astral: 2.0,
});

/** After this many kind switches inside one Latin run, the run is treated as opaque (base64, hex). */
export const OPAQUE_AFTER_SWITCHES = SWITCH_LEVELS;

const STATE_COUNT = At.Word + SWITCH_LEVELS * WORD_KINDS;
const STATE_BITS = 7;

function wordState(kind: number, switches: number): number {
  return At.Word + Math.min(switches, SWITCH_LEVELS - 1) * WORD_KINDS + kind;
}

function ranges(table: Uint8Array, kind: Kind, ...pairs: number[]): void {
  for (let index = 0; index < pairs.length; index += 2) table.fill(kind, pairs[index], (pairs[index + 1] as number) + 1);
}

/** The kind of every UTF-16 code unit. */
function buildKinds(): Uint8Array {
  const kinds = new Uint8Array(65536).fill(Kind.OtherLetter);
  ranges(kinds, Kind.Punct, 0x00, 0x1f, 0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7f);
  ranges(kinds, Kind.WordPunct, 0x2b, 0x2b, 0x2d, 0x2d, 0x2f, 0x2f, 0x3d, 0x3d, 0x5f, 0x5f);
  ranges(kinds, Kind.Lower, 0x61, 0x7a);
  ranges(kinds, Kind.Upper, 0x41, 0x5a);
  ranges(kinds, Kind.Digit, 0x30, 0x39);
  ranges(kinds, Kind.Space, 0x20, 0x20);
  ranges(kinds, Kind.Newline, 0x0a, 0x0a, 0x0d, 0x0d);
  ranges(kinds, Kind.Blank, 0x09, 0x09, 0x0b, 0x0c, 0xa0, 0xa0, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000);
  ranges(kinds, Kind.GeneralPunct, 0x80, 0x9f, 0xa1, 0xbf, 0xd7, 0xd7, 0xf7, 0xf7, 0x2010, 0x2027, 0x2030, 0x205e, 0x20a0, 0x20cf);
  ranges(kinds, Kind.LatinLetter, 0xc0, 0xd6, 0xd8, 0xf6, 0xf8, 0x24f, 0x1e00, 0x1eff);
  ranges(kinds, Kind.Mark, 0x300, 0x36f, 0x1ab0, 0x1aff, 0x1dc0, 0x1dff, 0x20d0, 0x20ff, 0xfe20, 0xfe2f);
  ranges(kinds, Kind.Cyrillic, 0x400, 0x52f, 0x1c80, 0x1c8f, 0x2de0, 0x2dff, 0xa640, 0xa69f);
  ranges(kinds, Kind.Arabic, 0x600, 0x6ff, 0x750, 0x77f, 0x8a0, 0x8ff, 0xfb50, 0xfdff, 0xfe70, 0xfeff);
  ranges(kinds, Kind.Indic, 0x900, 0xdff);
  // Punctuation inside those blocks: the Arabic comma, semicolon and question mark, the danda.
  ranges(kinds, Kind.GeneralPunct, 0x60c, 0x60c, 0x61b, 0x61b, 0x61f, 0x61f, 0x66a, 0x66d, 0x6d4, 0x6d4, 0x964, 0x965);
  ranges(kinds, Kind.Hangul, 0x1100, 0x11ff, 0x3130, 0x318f, 0xa960, 0xa97f, 0xac00, 0xd7ff);
  ranges(kinds, Kind.Ideograph, 0x2e80, 0x2fdf, 0x3005, 0x3007, 0x3021, 0x3029, 0x3400, 0x4dbf, 0x4e00, 0x9fff, 0xf900, 0xfaff);
  ranges(kinds, Kind.Kana, 0x3040, 0x30ff, 0x31f0, 0x31ff, 0xff66, 0xff9f);
  ranges(kinds, Kind.WidePunct, 0x3001, 0x3004, 0x3008, 0x3020, 0x3030, 0x303f, 0xff00, 0xff65, 0xffe0, 0xffef);
  ranges(kinds, Kind.Symbol, 0x2100, 0x2bff, 0x3200, 0x32ff);
  ranges(kinds, Kind.Joiner, 0x200b, 0x200f, 0x20e3, 0x20e3, 0xfe00, 0xfe0f, 0xfeff, 0xfeff);
  ranges(kinds, Kind.EmojiHigh, 0xd83c, 0xd83e);
  ranges(kinds, Kind.AstralHigh, 0xd800, 0xd83b, 0xd83f, 0xdbff);
  ranges(kinds, Kind.LowSurrogate, 0xdc00, 0xdfff);
  // Fullwidth ASCII letters and digits tokenize like CJK text, not like ASCII.
  ranges(kinds, Kind.Ideograph, 0xff10, 0xff19, 0xff21, 0xff3a, 0xff41, 0xff5a);
  return kinds;
}

type Step = [next: number, cost: number];

function isLatin(kind: Kind): boolean {
  return kind === Kind.Lower || kind === Kind.Upper || kind === Kind.Digit || kind === Kind.LatinLetter;
}

/** The rules: from `state`, a code unit of `kind` leads to `next` and costs `cost` tokens. */
function step(state: number, kind: Kind): Step {
  if (state >= At.Word) return inWord(state, kind);
  if (state === At.Opaque && isLatin(kind)) return [At.Opaque, COSTS.opaque];
  if (isLatin(kind)) return startWord(state, kind);
  return outsideWord(state, kind);
}

function startWord(state: number, kind: Kind): Step {
  const start = state === At.Punct ? COSTS.wordAfterPunct : COSTS.word;
  // Numbers never merge with what precedes them, not even a space.
  if (kind === Kind.Digit) return [wordState(DIGIT, 0), COSTS.digits + (state === At.Space ? COSTS.spaceBeforeDigit : 0)];
  if (kind === Kind.Upper) return [wordState(UPPER, 0), start];
  if (kind === Kind.LatinLetter) return [wordState(LOWER, 0), start + COSTS.latinLetter];
  return [wordState(LOWER, 0), start];
}

function inWord(state: number, kind: Kind): Step {
  const offset = state - At.Word;
  const switches = Math.floor(offset / WORD_KINDS);
  const current = offset % WORD_KINDS;
  if (!isLatin(kind)) {
    if (kind === Kind.Mark) return [state, COSTS.mark];
    return outsideWord(At.Start, kind);
  }
  if (kind === Kind.Digit) {
    if (current < DIGIT) return switched(DIGIT, switches, COSTS.digits);
    if (current === DIGIT + 2) return [wordState(DIGIT, switches), COSTS.digits];
    return [state + 1, 0];
  }
  if (kind === Kind.Upper) {
    if (current === UPPER) return [state, COSTS.upperLetter];
    return switched(UPPER, switches, COSTS.switch);
  }
  const accent = kind === Kind.LatinLetter ? COSTS.latinLetter : 0;
  // Uppercase then lowercase is a capitalized word (`Hash`), not a switch.
  if (current === UPPER) return [wordState(LOWER + 1, switches), COSTS.lowerLetter + accent];
  if (current >= DIGIT) return switched(LOWER, switches, COSTS.word + accent);
  if (current === LONG_LOWER) return [state, COSTS.longWordLetter + accent];
  return [state + 1, (current + 1 === LONG_LOWER ? COSTS.longWordLetter : COSTS.lowerLetter) + accent];
}

function switched(next: number, switches: number, cost: number): Step {
  if (switches + 1 >= OPAQUE_AFTER_SWITCHES) return [At.Opaque, COSTS.opaque];
  return [wordState(next, switches + 1), cost];
}

function outsideWord(state: number, kind: Kind): Step {
  switch (kind) {
    case Kind.Space:
      if (state === At.Space) return [At.Spaces, COSTS.spaces];
      if (state === At.Spaces) return [At.Spaces, 0];
      return [At.Space, 0];
    case Kind.Blank:
      return state === At.Spaces ? [At.Spaces, 0] : [At.Spaces, COSTS.spaces];
    case Kind.Newline:
      // A line break joins the punctuation before it (`;\n\n`) and the line breaks after it.
      if (state === At.Newline || state === At.Punct || state === At.Puncts) return [At.Newline, 0];
      return [At.Newline, COSTS.newline];
    case Kind.Punct:
    case Kind.WordPunct:
      if (state === At.Opaque && kind === Kind.WordPunct) return [At.Opaque, COSTS.opaque];
      if (state === At.Punct || state === At.Puncts) return [At.Puncts, COSTS.morePunct];
      return [At.Punct, COSTS.punct];
    case Kind.Cyrillic: return scriptLetter(state, COSTS.cyrillicLetter);
    case Kind.Arabic: return scriptLetter(state, COSTS.arabicLetter);
    case Kind.Indic: return scriptLetter(state, COSTS.indicLetter);
    case Kind.Hangul: return scriptLetter(state, COSTS.hangulLetter);
    case Kind.OtherLetter: return scriptLetter(state, COSTS.otherLetter);
    case Kind.Mark: return [state === At.Script ? At.Script : At.Start, COSTS.mark];
    case Kind.Ideograph: return [At.Cjk, COSTS.ideograph];
    case Kind.Kana: return [At.Cjk, COSTS.kana];
    case Kind.WidePunct: return [At.Wide, COSTS.widePunct];
    case Kind.GeneralPunct: return [At.Punct, COSTS.generalPunct];
    case Kind.Symbol: return [At.Emoji, COSTS.symbol + spaceBeforeSymbol(state)];
    case Kind.Joiner: return [At.Emoji, COSTS.joiner];
    case Kind.EmojiHigh: return [At.EmojiHalf, COSTS.emoji + spaceBeforeSymbol(state)];
    case Kind.AstralHigh: return [At.Astral, COSTS.astral];
    case Kind.LowSurrogate:
      // The second half of a pair was paid for with the first; a lone one is a replacement character.
      if (state === At.EmojiHalf) return [At.Emoji, 0];
      if (state === At.Astral) return [At.Start, 0];
      return [At.Start, 1];
    default:
      return [At.Start, 1];
  }
}

/** A space before an emoji or symbol stays a token of its own (tokenizers learned few such merges). */
function spaceBeforeSymbol(state: number): number {
  return state === At.Space ? COSTS.spaceBeforeSymbol : 0;
}

function scriptLetter(state: number, letter: number): Step {
  // Scripts are not told apart once inside a word: mixed-script words are rare, and a switch
  // between two word-like scripts costs a word anyway in practice (they never merge).
  if (state === At.Script) return [At.Script, letter];
  return [At.Script, COSTS.scriptWord];
}

/** The compiled machine: `kinds[codeUnit]`, and `transitions[state << 5 | kind] = cost << 7 | next`. */
export interface TokenTable {
  kinds: Uint8Array;
  transitions: Int32Array;
}

/** Builds the tables from {@link COSTS} and the rules above. */
export function buildTokenTable(): TokenTable {
  if (STATE_COUNT > 1 << STATE_BITS) throw new Error(`token table: ${STATE_COUNT} states do not fit ${STATE_BITS} bits`);
  const transitions = new Int32Array(STATE_COUNT << KIND_BITS);
  for (let state = 0; state < STATE_COUNT; state++) {
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      const [next, cost] = step(state, kind as Kind);
      transitions[(state << KIND_BITS) | kind] = (Math.round(cost * UNITS_PER_TOKEN) << STATE_BITS) | next;
    }
  }
  return { kinds: buildKinds(), transitions };
}
