import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds the texts the server can send in `message` (decision 0039, server texts), for the CI check of the
 * `server` catalogue (server.test.ts). Read from the source with TypeScript's parser:
 * - in apps/api/src (non-test files): the message argument of badRequest, conflict, businessRule, forbidden,
 *   notFound, unauthenticated and `new AppError(code, message)`, the helpers' default messages, and every
 *   `message:` property whose value is written in the code, and the texts callers give the SQL error registry
 *   (an `SXnnn: () => '...'` property);
 * - in packages/contracts/src: zod's custom messages (`.min(8, '...')`, `.regex(re, '...')`, `.refine(f, '...')`,
 *   `{ message: '...' }`).
 * The project's own wrappers of those helpers (`hashConflict(message)`) are found and scanned the same way.
 * A text is a literal, a template literal or a `+` of both (each `${...}` or other part becomes a {{placeholder}}),
 * or a `?:` between such texts (both sides are kept). What it cannot see: a message held in a variable or built
 * by a function and passed on (counted in `unseen`), texts thrown by libraries (Fastify's own 4xx, zod's default
 * messages), and texts the server stores and sends later (event notices): those are listed by hand in the
 * catalogue.
 */
export interface ScannedMessage {
  /** The text, each variable part a {{placeholder}} named after what fills it. */
  text: string;
  /** Where it was found, "path:line". */
  at: string;
}

export interface ScanResult {
  messages: ScannedMessage[];
  /** Messages passed as expressions the scan cannot read (a variable, a call), "path:line". */
  unseen: string[];
}

const ERROR_HELPERS = new Set([
  'badRequest',
  'conflict',
  'businessRule',
  'forbidden',
  'notFound',
  'unauthenticated',
]);
/** zod methods whose message is the argument after the first. */
const ZOD_MESSAGE_AFTER_FIRST = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'gte',
  'lte',
  'gt',
  'lt',
  'startsWith',
  'endsWith',
  'includes',
  'multipleOf',
]);
/** zod methods whose message is the first argument. */
const ZOD_MESSAGE_FIRST = new Set(['email', 'url', 'uuid', 'int', 'positive', 'nonnegative', 'nonempty']);

/** Properties whose text the server writes for people: answers' and notices' `message`, a deposit's check. */
const MESSAGE_PROPERTIES = new Set(['message', 'chain_reason']);

/** A hole's placeholder, named after what fills it (`${amount}` -> {{amount}}, `${n === 1 ? '' : 's'}` -> {{s}}). */
function holeName(node: ts.Expression): string {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return holeName(node.expression);
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isCallExpression(node)) {
    const first = node.arguments[0];
    if (first !== undefined) return holeName(first);
    return ts.isPropertyAccessExpression(node.expression) ? holeName(node.expression.expression) : 'value';
  }
  if (ts.isConditionalExpression(node)) {
    const sides = [node.whenTrue, node.whenFalse].map((n) => (ts.isStringLiteral(n) ? n.text : null));
    if (sides.every((s) => s === '' || s === 's')) return 's';
  }
  return 'value';
}

const hole = (name: string) => `{{${name.replace(/\W/g, '') || 'value'}}}`;

/** Names each hole once: a second {{amount}} becomes {{amount2}}. */
function distinct(text: string): string {
  const seen = new Map<string, number>();
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? `{{${name}}}` : `{{${name}${n}}}`;
  });
}

/** A text with its placeholders' names removed, for comparing shapes: "Batch #{{}} is paid already." */
export const shapeOf = (text: string) => text.replace(/\{\{\s*\w*\s*\}\}/g, '{{}}');

function textsOf(node: ts.Expression): string[] | null {
  const texts = rawTextsOf(node);
  return texts === null ? null : texts.map(distinct);
}

/** The text an expression writes, holes for its variable parts; null when it is not written in the code. */
function rawTextsOf(node: ts.Expression): string[] | null {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return rawTextsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) text += hole(holeName(span.expression)) + span.literal.text;
    return [text];
  }
  if (ts.isConditionalExpression(node)) {
    // `readable ? null : 'The server does not read ...'`: no text on one side.
    const none = (n: ts.Expression) => n.kind === ts.SyntaxKind.NullKeyword;
    const a = none(node.whenTrue) ? [] : rawTextsOf(node.whenTrue);
    const b = none(node.whenFalse) ? [] : rawTextsOf(node.whenFalse);
    return a === null || b === null ? null : [...a, ...b];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = rawTextsOf(node.left);
    const right = rawTextsOf(node.right);
    if (left === null && right === null) return null;
    const l = left ?? [hole(holeName(node.left))];
    const r = right ?? [hole(holeName(node.right))];
    return l.flatMap((a) => r.map((b) => a + b));
  }
  return null;
}

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // db/: schema and demo data (members' own ticket texts), not messages the server answers with.
    if (entry.isDirectory()) {
      if (entry.name !== 'db') out.push(...listTs(full));
    } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The name a function is known by: `function f(...)`, `const f = (...) =>`. */
function functionName(fn: ts.SignatureDeclaration): string | null {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? null;
  const owner = fn.parent;
  return ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name) ? owner.name.text : null;
}

/**
 * The error helpers and the project's own wrappers of them (`const hashConflict = (message: string) =>
 * conflict(message, ...)`): name -> the index of the message argument. A wrapper is a function that passes one
 * of its parameters on as a helper's message; wrappers of wrappers are found by repeating the pass.
 */
function errorHelpers(sources: ts.SourceFile[]): Map<string, number> {
  const helpers = new Map([...ERROR_HELPERS].map((name) => [name, 0]));
  for (let pass = 0; pass < 3; pass++) {
    for (const source of sources) {
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          const at = helpers.get(node.expression.text);
          const arg = at === undefined ? undefined : node.arguments[at];
          if (arg !== undefined && ts.isIdentifier(arg)) {
            let fn: ts.Node = node.parent;
            while (!ts.isSourceFile(fn) && !ts.isFunctionLike(fn)) fn = fn.parent;
            if (ts.isFunctionLike(fn)) {
              const index = fn.parameters.findIndex(
                (p) => ts.isIdentifier(p.name) && p.name.text === arg.text,
              );
              const name = functionName(fn);
              if (index >= 0 && name !== null && !helpers.has(name)) helpers.set(name, index);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return helpers;
}

/** Whether `node` is a parameter of the function it is used in (a wrapper passing its message on). */
function isParameter(node: ts.Expression): boolean {
  if (!ts.isIdentifier(node)) return false;
  let fn: ts.Node = node.parent;
  while (!ts.isSourceFile(fn) && !ts.isFunctionLike(fn)) fn = fn.parent;
  return (
    ts.isFunctionLike(fn) && fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === node.text)
  );
}

function scanFile(
  source: ts.SourceFile,
  root: string,
  kind: 'api' | 'contracts',
  helpers: Map<string, number>,
  result: ScanResult,
): void {
  const file = source.fileName;
  const rel = path.relative(root, file);
  const where = (node: ts.Node) =>
    `${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const take = (node: ts.Expression | undefined) => {
    if (node === undefined) return;
    const texts = textsOf(node);
    if (texts === null) {
      result.unseen.push(where(node));
      return;
    }
    for (const text of texts) if (text.trim() !== '') result.messages.push({ text, at: where(node) });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const at = kind === 'api' && ts.isIdentifier(callee) ? helpers.get(callee.text) : undefined;
      const message = at === undefined ? undefined : node.arguments[at];
      if (message !== undefined && !isParameter(message)) take(message);
      if (kind === 'contracts' && ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        const args = node.arguments;
        const candidates = ZOD_MESSAGE_FIRST.has(name)
          ? args
          : ZOD_MESSAGE_AFTER_FIRST.has(name)
            ? args.slice(1)
            : [];
        for (const arg of candidates) if (textsOf(arg) !== null) take(arg);
      }
    }
    // `new AppError(code, message)`, except errors.ts' own helpers passing their parameter on.
    if (kind === 'api' && ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const message = node.arguments?.[1];
      if (node.expression.text === 'AppError' && message !== undefined && !isParameter(message))
        take(message);
    }
    // The helpers' default messages: `(message = 'Please sign in.') => ...`.
    if (kind === 'api' && ts.isParameter(node) && node.initializer !== undefined) {
      const fn = node.parent;
      const owner = fn.parent;
      if (
        ts.isArrowFunction(fn) &&
        ts.isVariableDeclaration(owner) &&
        ts.isIdentifier(owner.name) &&
        ERROR_HELPERS.has(owner.name.text) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'message'
      )
        take(node.initializer);
    }
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      MESSAGE_PROPERTIES.has(node.name.text)
    ) {
      // Only texts written here: a message passed on (`message: err.message`) is not a new text.
      if (textsOf(node.initializer) !== null) take(node.initializer);
      // An event notice's title (members' notices: `{ title, message }` side by side).
      const title = ts.isObjectLiteralExpression(node.parent)
        ? node.parent.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'title',
          )
        : undefined;
      if (kind === 'api' && title !== undefined && textsOf(title.initializer) !== null)
        take(title.initializer);
    }
    // The texts a caller gives the SQL error registry (`sqlRefusal(err, { SX405: () => `...` })`, decision 0061).
    if (
      kind === 'api' &&
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      /^SX\d{3}$/.test(node.name.text) &&
      ts.isArrowFunction(node.initializer)
    ) {
      const body = node.initializer.body;
      const returned: ts.Expression[] = [];
      if (ts.isBlock(body)) {
        const collect = (n: ts.Node): void => {
          if (ts.isReturnStatement(n) && n.expression !== undefined) returned.push(n.expression);
          else if (!ts.isFunctionLike(n)) ts.forEachChild(n, collect);
        };
        collect(body);
      } else returned.push(body);
      for (const r of returned) if (textsOf(r) !== null) take(r);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Every server-written message of the repository at `root` (the monorepo's top folder). */
export function scanServerMessages(root: string): ScanResult {
  const result: ScanResult = { messages: [], unseen: [] };
  const api = listTs(path.join(root, 'apps/api/src')).map(parse);
  const helpers = errorHelpers(api);
  for (const source of api) scanFile(source, root, 'api', helpers, result);
  for (const source of listTs(path.join(root, 'packages/contracts/src')).map(parse))
    scanFile(source, root, 'contracts', helpers, result);
  return result;
}
