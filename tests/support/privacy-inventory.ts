/**
 * Reads docs/privacy.md, the project's inventory of personal data (decision record 028), for the test that keeps it
 * true: which D1 tables and columns it names, which processors it lists and which lifetimes the privacy notice must
 * state.
 */

/** A table as the database has it or as the inventory names it: its name and its columns. */
export type Schema = Record<string, string[]>;

/** The text of one `## …` section of the inventory (up to the next heading of that level). */
function section(inventory: string, heading: string): string {
  const start = inventory.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`docs/privacy.md has no section "## ${heading}"`);
  const end = inventory.indexOf('\n## ', start + 1);
  return inventory.slice(start, end < 0 ? undefined : end);
}

/** The rows of the markdown tables in `text`, as cells (the header and the separator left out). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/**
 * The D1 tables and columns the inventory names: under "### D1, table by table", each `#### \`table\`` heading with
 * the backticked names in its table's first column.
 */
export function declaredSchema(inventory: string): Schema {
  const d1 =
    section(inventory, 'Where it is kept')
      .split('\n### ')
      .find((part) => part.startsWith('D1, table by table')) ?? '';
  const schema: Schema = {};
  for (const part of d1.split('\n#### ').slice(1)) {
    const name = /^`([a-z_0-9]+)`/.exec(part)?.[1];
    if (!name) continue;
    schema[name] = tableRows(part)
      .slice(1)
      .flatMap((cells) => [...(cells[0] ?? '').matchAll(/`([a-z_0-9]+)`/g)].map((match) => match[1] ?? ''));
  }
  return schema;
}

/** What the database has and the inventory does not name: `table` for a whole table, `table.column` for a column. */
export function undeclared(actual: Schema, declared: Schema): string[] {
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(actual)) {
    const named = declared[table];
    if (!named) {
      missing.push(table);
      continue;
    }
    for (const column of columns) if (!named.includes(column)) missing.push(`${table}.${column}`);
  }
  return missing;
}

/** The processors the inventory lists: each row's name, up to its first parenthesis. */
export function processors(inventory: string): string[] {
  return tableRows(section(inventory, 'Processors and third parties'))
    .slice(1)
    .map((cells) => (cells[0] ?? '').split(' (')[0]?.trim() ?? '')
    .filter(Boolean);
}

/** A lifetime the privacy notice states: the constant it comes from, its length, and its words in German and English. */
export interface Lifetime {
  what: string;
  constant: string;
  ms: number;
  de: string;
  en: string;
}

const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, min: 60_000 };

/** `7 d`, `1 h`, `15 min` in milliseconds (NaN for anything else, which no constant equals). */
function duration(text: string): number {
  const [, amount = '', unit = ''] = /^(\d+)\s*(d|h|min)$/.exec(text.trim()) ?? [];
  return UNIT_MS[unit] ? Number(amount) * (UNIT_MS[unit] ?? 0) : Number.NaN;
}

export function lifetimes(inventory: string): Lifetime[] {
  return tableRows(section(inventory, 'Lifetimes the privacy notice states'))
    .slice(1)
    .map(([what = '', constant = '', length = '', de = '', en = '']) => ({
      what,
      constant: constant.replace(/`/g, ''),
      ms: duration(length),
      de,
      en,
    }));
}
