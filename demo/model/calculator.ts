// A small arithmetic evaluator for the demo's `calculator` tool: a recursive-descent parser,
// so model- or user-written text is never handed to `eval`.

/** The outcome of evaluating an expression. */
export type Calculation = { ok: true; value: number } | { ok: false; error: string };

const MAX_LENGTH = 200;

/**
 * Evaluates `+ - * / ^ %`, parentheses and unary minus. `x`, `×` and `÷` are accepted too.
 * @example calculate('12*7') // { ok: true, value: 84 }
 */
export function calculate(expression: string): Calculation {
  if (expression.length > MAX_LENGTH) return { ok: false, error: 'The expression is too long.' };
  const tokens = tokenize(expression);
  if (!tokens.ok) return tokens;
  const parser = new Parser(tokens.tokens);
  try {
    const value = parser.expression();
    if (!parser.done()) return { ok: false, error: `Unexpected "${parser.peek()}".` };
    if (!Number.isFinite(value)) return { ok: false, error: 'The result is not a finite number (division by zero?).' };
    return { ok: true, value: roundForDisplay(value) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Formats a result the way a person would write it. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);
}

function roundForDisplay(value: number): number {
  return Math.round(value * 1e10) / 1e10;
}

type Token = string;

function tokenize(text: string): { ok: true; tokens: Token[] } | { ok: false; error: string } {
  const normalized = text.replace(/×|(?<=\d)\s*x\s*(?=[\d(])/gi, '*').replace(/÷/g, '/');
  const tokens: Token[] = [];
  const pattern = /\s*(\d+(?:\.\d+)?|\.\d+|[-+*/^%()])/y;
  let index = 0;
  while (index < normalized.length) {
    if (/^\s*$/.test(normalized.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(normalized);
    if (match === null) return { ok: false, error: `Cannot read "${normalized.slice(index).trim().slice(0, 20)}".` };
    tokens.push(match[1]!);
    index = pattern.lastIndex;
  }
  if (tokens.length === 0) return { ok: false, error: 'The expression is empty.' };
  return { ok: true, tokens };
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  done(): boolean {
    return this.position >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.position];
  }

  expression(): number {
    let value = this.term();
    for (let token = this.peek(); token === '+' || token === '-'; token = this.peek()) {
      this.position += 1;
      value = token === '+' ? value + this.term() : value - this.term();
    }
    return value;
  }

  private term(): number {
    let value = this.power();
    for (let token = this.peek(); token === '*' || token === '/' || token === '%'; token = this.peek()) {
      this.position += 1;
      const right = this.power();
      if (token === '*') value *= right;
      else if (token === '/') value /= right;
      else value %= right;
    }
    return value;
  }

  private power(): number {
    const base = this.unary();
    if (this.peek() !== '^') return base;
    this.position += 1;
    return base ** this.power(); // right-associative
  }

  private unary(): number {
    const token = this.peek();
    if (token === '-' || token === '+') {
      this.position += 1;
      const value = this.unary();
      return token === '-' ? -value : value;
    }
    return this.primary();
  }

  private primary(): number {
    const token = this.peek();
    if (token === undefined) throw new Error('The expression ends too early.');
    this.position += 1;
    if (token === '(') {
      const value = this.expression();
      if (this.peek() !== ')') throw new Error('A closing parenthesis is missing.');
      this.position += 1;
      return value;
    }
    const value = Number(token);
    if (Number.isNaN(value)) throw new Error(`Unexpected "${token}".`);
    return value;
  }
}
