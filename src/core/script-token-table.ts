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
  EmojiHigh, AstralHigh, LowSurrogate, OtherLetter, Dash, Separator, Pipe,
}
const KIND_COUNT = 27;
const KIND_BITS = 5;

/** Where the machine is: between words, inside a run of some kind, or inside an opaque run. */
const enum At {
  Start, Space, Spaces, Newline,
  // Punctuation runs, Punct to Pipe: a mark; further marks; a comma or semicolon; a dash; a dash
  // after another mark; two or more dashes; a `|`. Tokenizers keep dashes and pipes apart from
  // the marks around them (a Markdown table's `|:---|`), unlike most runs of marks (`});`).
  Punct, Puncts, Separator, Dash, PunctDash, DashRun, Pipe,
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

// The costs, in tokens. Calibrated against o200k on test/fixtures/token-corpus (the accuracy
// test keeps them honest: every sample and class within 1.0–1.5×). Plain constants rather than
// an object: their names then cost nothing in the bundle.
/** A Latin word (letters, with the space before it); also a word of another script. */
const WORD = 1.0;
/** Each further lowercase / accented / uppercase letter of a Latin word. */
const LOWER_LETTER = 0.06;
/** Each lowercase letter past SHORT_WORD_LETTERS: long words are rare words, split into pieces. */
const LONG_WORD_LETTER = 0.3;
const LATIN_LETTER = 0.4;
const UPPER_LETTER = 0.2;
/** Added to a capitalized word's first lowercase letter: such words are often names, rarer than their length says. */
const CAPITALIZED = 0.2;
/** A case or letter/digit switch inside a word (camelCase, `utf8`): tokenizers split there. */
const SWITCH = 1.0;
/** A group of up to three digits (o200k splits numbers into groups of three). */
const DIGITS = 1.0;
/** Each code unit of a run that switched kinds too often to be words: base64, hex, keys. */
const OPAQUE = 0.8;
/** The first punctuation mark of a run, and each further one. */
const PUNCT = 1.0;
const MORE_PUNCT = 0.25;
/** The second dash after another mark (`|--`): the dashes split off as a token of their own. */
const DASHES_SPLIT = 0.75;
/** Each further dash of a run: o200k has tokens for runs of up to 16. */
const MORE_DASH = 0.07;
/** A word right after a single punctuation mark (`(text`, `.split`) usually shares its token. */
const WORD_AFTER_PUNCT = 0.6;
/** Two or more spaces / a tab (indentation), a line break after a word. */
const SPACES = 1.0;
const NEWLINE = 1.0;
/** Each further letter of a word-like script. */
const SCRIPT_LETTER: Partial<Record<Kind, number>> = {
  [Kind.Cyrillic]: 0.24,
  [Kind.Arabic]: 0.27,
  [Kind.Indic]: 0.3,
  [Kind.Hangul]: 0.9,
  [Kind.OtherLetter]: 0.4,
};
/** A combining mark. */
const MARK = 0.3;
/** CJK ideographs and kana, each. */
const IDEOGRAPH = 0.87;
const KANA = 0.85;
/** Full-width and CJK punctuation, general punctuation (— “ ” …), BMP symbols (✅ ❤ ☀). */
const WIDE_PUNCT = 1.0;
const GENERAL_PUNCT = 1.0;
const SYMBOL = 1.5;
/** An emoji-plane code point (emoji, skin tones, flags' letters), a ZWJ or variation selector. */
const EMOJI = 2.0;
const JOINER = 1.0;
/** A space before an emoji or a number stays a token of its own (tokenizers learned few such merges). */
const SPACE_BEFORE_SYMBOL = 0.8;
const SPACE_BEFORE_DIGIT = 1.0;
/** Any other astral code point (rare CJK, math letters). */
const ASTRAL = 2.0;

/** After this many kind switches inside one Latin run, the run is treated as opaque (base64, hex). */
const OPAQUE_AFTER_SWITCHES = SWITCH_LEVELS;

// 86 states; STATE_BITS must hold them all (test/core/estimate-tokens.test.ts checks it).
const STATE_COUNT = At.Word + SWITCH_LEVELS * WORD_KINDS;
const STATE_BITS = 7;

function wordState(kind: number, switches: number): number {
  return At.Word + Math.min(switches, SWITCH_LEVELS - 1) * WORD_KINDS + kind;
}

/**
 * Which code units are of which kind, applied in order (a later line overrides an earlier one):
 * hexadecimal code units, `from-to` for a range. A string per kind is a fraction of the bundle
 * that one call per range took.
 */
const KIND_RANGES: readonly [Kind, string][] = [
  [Kind.Punct, '0-7f'],
  [Kind.WordPunct, '2b 2f 3d 5f'],
  [Kind.Dash, '2d'],
  [Kind.Separator, '2c 3b'],
  [Kind.Pipe, '7c'],
  [Kind.Lower, '61-7a'],
  [Kind.Upper, '41-5a'],
  [Kind.Digit, '30-39'],
  [Kind.Space, '20'],
  [Kind.Newline, 'a d'],
  [Kind.LatinLetter, 'c0-24f 1e00-1eff'],
  [Kind.GeneralPunct, '80-bf d7 f7 2010-2027 2030-205e 20a0-20cf'],
  [Kind.Blank, '9 b-c a0 2000-200a 2028-2029 202f 205f 3000'],
  [Kind.Mark, '300-36f 1ab0-1aff 1dc0-1dff 20d0-20ff fe20-fe2f'],
  [Kind.Cyrillic, '400-52f 1c80-1c8f 2de0-2dff a640-a69f'],
  [Kind.Arabic, '600-6ff 750-77f 8a0-8ff fb50-fdff fe70-feff'],
  [Kind.Indic, '900-dff'],
  // Punctuation inside those blocks: the Arabic comma, semicolon and question mark, the danda.
  [Kind.GeneralPunct, '60c 61b 61f 66a-66d 6d4 964-965'],
  [Kind.Hangul, '1100-11ff 3130-318f a960-a97f ac00-d7ff'],
  [Kind.Ideograph, '2e80-2fdf 3005-3007 3021-3029 3400-4dbf 4e00-9fff f900-faff'],
  [Kind.Kana, '3040-30ff 31f0-31ff ff66-ff9f'],
  [Kind.WidePunct, '3001-3004 3008-3020 3030-303f ff00-ff65 ffe0-ffef'],
  [Kind.Symbol, '2100-2bff 3200-32ff'],
  [Kind.Joiner, '200b-200f 20e3 fe00-fe0f feff'],
  [Kind.EmojiHigh, 'd83c-d83e'],
  [Kind.AstralHigh, 'd800-d83b d83f-dbff'],
  [Kind.LowSurrogate, 'dc00-dfff'],
  // Fullwidth ASCII letters and digits tokenize like CJK text, not like ASCII.
  [Kind.Ideograph, 'ff10-ff19 ff21-ff3a ff41-ff5a'],
];

/** Writes the kind of every UTF-16 code unit into `kinds`. */
function fillKinds(kinds: Uint8Array): void {
  kinds.fill(Kind.OtherLetter);
  for (const [kind, spans] of KIND_RANGES) {
    for (const span of spans.split(' ')) {
      const [from, to = from] = span.split('-') as [string, string?];
      kinds.fill(kind, parseInt(from, 16), parseInt(to, 16) + 1);
    }
  }
}

type Step = [next: number, cost: number];

function isLatin(kind: Kind): boolean {
  return kind === Kind.Lower || kind === Kind.Upper || kind === Kind.Digit || kind === Kind.LatinLetter;
}

/** The rules: from `state`, a code unit of `kind` leads to `next` and costs `cost` tokens. */
function step(state: number, kind: Kind): Step {
  if (state >= At.Word) return inWord(state, kind);
  if (state === At.Opaque && isLatin(kind)) return [At.Opaque, OPAQUE];
  if (isLatin(kind)) return startWord(state, kind);
  return outsideWord(state, kind);
}

function startWord(state: number, kind: Kind): Step {
  // Not after a comma or semicolon (in CSV the pair is rare: `,Lisboa` is `,L` `is` `boa`), nor
  // for a capital (`/Gago` is `/G` `ago`): those pairs are a token only for common code words.
  const start = state === At.Punct || state === At.Dash || state === At.PunctDash ? WORD_AFTER_PUNCT : WORD;
  // Numbers never merge with what precedes them, not even a space.
  if (kind === Kind.Digit) return [wordState(DIGIT, 0), DIGITS + (isSpace(state) ? SPACE_BEFORE_DIGIT : 0)];
  if (kind === Kind.Upper) return [wordState(UPPER, 0), WORD];
  if (kind === Kind.LatinLetter) return [wordState(LOWER, 0), start + LATIN_LETTER];
  return [wordState(LOWER, 0), start];
}

function inWord(state: number, kind: Kind): Step {
  const offset = state - At.Word;
  const switches = Math.floor(offset / WORD_KINDS);
  const current = offset % WORD_KINDS;
  if (!isLatin(kind)) {
    if (kind === Kind.Mark) return [state, MARK];
    return outsideWord(At.Start, kind);
  }
  if (kind === Kind.Digit) {
    if (current < DIGIT) return switched(DIGIT, switches, DIGITS);
    if (current === DIGIT + 2) return [wordState(DIGIT, switches), DIGITS];
    return [state + 1, 0];
  }
  if (kind === Kind.Upper) {
    if (current === UPPER) return [state, UPPER_LETTER];
    return switched(UPPER, switches, SWITCH);
  }
  const accent = kind === Kind.LatinLetter ? LATIN_LETTER : 0;
  // Uppercase then lowercase is a capitalized word (`Hash`), not a switch.
  if (current === UPPER) return [wordState(LOWER + 1, switches), LOWER_LETTER + (switches === 0 ? CAPITALIZED : 0) + accent];
  if (current >= DIGIT) return switched(LOWER, switches, WORD + accent);
  if (current === LONG_LOWER) return [state, LONG_WORD_LETTER + accent];
  return [state + 1, (current + 1 === LONG_LOWER ? LONG_WORD_LETTER : LOWER_LETTER) + accent];
}

function switched(next: number, switches: number, cost: number): Step {
  if (switches + 1 >= OPAQUE_AFTER_SWITCHES) return [At.Opaque, OPAQUE];
  return [wordState(next, switches + 1), cost];
}

function outsideWord(state: number, kind: Kind): Step {
  switch (kind) {
    case Kind.Space:
      if (state === At.Space) return [At.Spaces, SPACES];
      if (state === At.Spaces) return [At.Spaces, 0];
      return [At.Space, 0];
    case Kind.Blank:
      return state === At.Spaces ? [At.Spaces, 0] : [At.Spaces, SPACES];
    case Kind.Newline:
      // A line break joins the punctuation before it (`;\n\n`) and the line breaks after it.
      if (state === At.Newline || isPunct(state)) return [At.Newline, 0];
      return [At.Newline, NEWLINE];
    case Kind.Punct:
    case Kind.WordPunct:
    case Kind.Dash:
    case Kind.Separator:
    case Kind.Pipe:
      return punctuation(state, kind);
    case Kind.Cyrillic:
    case Kind.Arabic:
    case Kind.Indic:
    case Kind.Hangul:
    case Kind.OtherLetter:
      // Scripts are not told apart once inside a word: mixed-script words are rare, and a switch
      // between two word-like scripts costs a word anyway in practice (they never merge).
      return [At.Script, state === At.Script ? (SCRIPT_LETTER[kind] as number) : WORD];
    case Kind.Mark: return [state === At.Script ? At.Script : At.Start, MARK];
    case Kind.Ideograph: return [At.Cjk, IDEOGRAPH];
    case Kind.Kana: return [At.Cjk, KANA];
    case Kind.WidePunct: return [At.Wide, WIDE_PUNCT];
    case Kind.GeneralPunct: return [At.Punct, GENERAL_PUNCT];
    case Kind.Symbol: return [At.Emoji, SYMBOL + spaceBeforeSymbol(state)];
    case Kind.Joiner: return [At.Emoji, JOINER];
    case Kind.EmojiHigh: return [At.EmojiHalf, EMOJI + spaceBeforeSymbol(state)];
    case Kind.AstralHigh: return [At.Astral, ASTRAL];
    case Kind.LowSurrogate:
      // The second half of a pair was paid for with the first; a lone one is a replacement character.
      if (state === At.EmojiHalf) return [At.Emoji, 0];
      if (state === At.Astral) return [At.Start, 0];
      return [At.Start, 1];
    default:
      return [At.Start, 1];
  }
}

function isPunct(state: number): boolean {
  return state >= At.Punct && state <= At.Pipe;
}

function punctuation(state: number, kind: Kind): Step {
  if (state === At.Opaque && (kind === Kind.WordPunct || kind === Kind.Dash)) return [At.Opaque, OPAQUE];
  if (kind === Kind.Dash) return dash(state);
  if (kind === Kind.Pipe) return [At.Pipe, state === At.Pipe ? MORE_PUNCT : PUNCT];
  // A run of dashes or a pipe ends its token: `|---|` is four, not one and a bit.
  if (state === At.DashRun || state === At.Pipe) return [At.Punct, PUNCT];
  if (isPunct(state)) return [At.Puncts, MORE_PUNCT];
  return [kind === Kind.Separator ? At.Separator : At.Punct, PUNCT];
}

function dash(state: number): Step {
  if (state === At.Dash || state === At.DashRun) return [At.DashRun, MORE_DASH];
  if (state === At.PunctDash) return [At.DashRun, DASHES_SPLIT];
  if (state === At.Pipe) return [At.Dash, PUNCT];
  if (isPunct(state)) return [At.PunctDash, MORE_PUNCT];
  return [At.Dash, PUNCT];
}

/** A space before an emoji or symbol stays a token of its own (tokenizers learned few such merges). */
function spaceBeforeSymbol(state: number): number {
  return isSpace(state) ? SPACE_BEFORE_SYMBOL : 0;
}

/**
 * After a space or a run of them. o200k gives a run of spaces all but its last space, which
 * joins the word or punctuation after it; a number or emoji never takes it, so an indented
 * number pays for the run and for that last space (`"      " " " "38"`).
 */
function isSpace(state: number): boolean {
  return state === At.Space || state === At.Spaces;
}

/**
 * Where a transition keeps the cost: above the next state's row. The next state is stored as
 * the offset of its row (`next << 5`), so the hot loop ORs the next kind into it directly,
 * one shift fewer on the path each code unit waits for.
 */
export const COST_SHIFT = STATE_BITS + KIND_BITS;
/** Masks a transition down to the next state's row. */
export const ROW_MASK = ((1 << STATE_BITS) - 1) << KIND_BITS;

/** How many transitions the machine has: a row of 32 (`1 << KIND_BITS`) per state. */
export const TRANSITION_COUNT = STATE_COUNT << KIND_BITS;

/**
 * Builds the machine from the costs and the rules above into `kinds` (65,536 entries: the kind
 * of every code unit) and `transitions` (TRANSITION_COUNT entries:
 * `transitions[state << 5 | kind] = cost << 12 | next << 5`). estimateTokens passes its own
 * module-level arrays (see there why).
 */
export function buildTokenTable(kinds: Uint8Array, transitions: Int32Array): void {
  fillKinds(kinds);
  for (let state = 0; state < STATE_COUNT; state++) {
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      const [next, cost] = step(state, kind as Kind);
      transitions[(state << KIND_BITS) | kind] = (Math.round(cost * UNITS_PER_TOKEN) << COST_SHIFT) | (next << KIND_BITS);
    }
  }
}
