#!/usr/bin/env node
// Decision records kept as docs/decisions/README.md says (decision 0063): every record starts with its number, is
// listed in the index, and a record that supersedes another is matched by 'Superseded by' on the other's line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const problems = [];

const indexLine = (file) => index.split('\n').find((line) => line.includes(`](${file})`));
for (const file of records) {
  const number = file.slice(0, 4);
  const text = readFileSync(path.join(dir, file), 'utf8');
  if (!text.startsWith(`# ${number} `))
    problems.push(`${file}: the first line must be '# ${number} <title>'`);
  if (!indexLine(file)) {
    problems.push(
      `${file}: not in docs/decisions/README.md; add '| [${number}](${file}) | <title> | <date> | <status> |'`,
    );
  }
  for (const [, older] of text.matchAll(/^Supersedes:.*?\b(\d{4})\b/gm)) {
    const olderFile = records.find((name) => name.startsWith(`${older}-`));
    if (!olderFile) problems.push(`${file}: supersedes ${older}, which does not exist`);
    else if (!indexLine(olderFile)?.includes(`Superseded by ${number}`)) {
      problems.push(`${olderFile}: its status in the index must say 'Superseded by ${number}'`);
    }
  }
}
for (const [, file] of index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)) {
  if (!existsSync(path.join(dir, file)))
    problems.push(`docs/decisions/README.md lists ${file}, which does not exist`);
}

if (problems.length) {
  console.log(problems.join('\n'));
  console.log(`\nDecision records: ${problems.length} problem(s).`);
  process.exit(1);
}
console.log(`Decision records: ${records.length} records, all in the index.`);
