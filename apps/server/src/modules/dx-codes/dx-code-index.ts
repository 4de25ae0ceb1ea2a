import { compactDxCode, DX_SUGGESTION_LIMIT, looksLikeDxCode } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
import { suggestableCodes } from './dx-codes.repository.ts';

export interface DxSuggestions {
  results: { code: string; name: string }[];
  omittedResults: number;
}

interface Entry {
  code: string;
  compact: string;
  name: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** First index in a sorted array whose value is >= key. */
function lowerBound(values: readonly string[], key: string) {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] as string) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first matches in code order (at most the limit) and how many matched in all. */
interface Hits {
  first: number[];
  total: number;
}

const NO_HITS: Hits = { first: [], total: 0 };

/** Inserts a position into a sorted list kept to the limit's smallest positions. */
function keepSmallest(sorted: number[], position: number, limit: number) {
  if (sorted.length >= limit && position >= (sorted[limit - 1] as number)) return;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < position) low = mid + 1;
    else high = mid;
  }
  sorted.splice(low, 0, position);
  if (sorted.length > limit) sorted.pop();
}

/**
 * Suggestions over the whole code set, in memory: by code (with or without the dot) as a prefix, or by words of
 * the description, every query word matching the start of a description word. Results keep code order.
 * A word search marks entries in one array kept for the index (a search runs to its end without yielding, so
 * searches never interleave): no allocation in proportion to the code set, so no collector pauses per request.
 */
export class DxCodeIndex {
  private readonly entries: Entry[];
  private readonly compactCodes: string[];
  private readonly words: string[];
  private readonly postings: Uint32Array[];
  private readonly marks: Uint32Array;
  private stamp = 0;

  constructor(codes: { code: string; description: string }[]) {
    this.entries = codes
      .map((c) => ({ code: c.code, compact: compactDxCode(c.code), name: c.description }))
      .sort((a, b) => (a.compact < b.compact ? -1 : a.compact > b.compact ? 1 : 0));
    this.compactCodes = this.entries.map((e) => e.compact);
    const byWord = new Map<string, number[]>();
    this.entries.forEach((entry, position) => {
      for (const word of new Set(wordsOf(entry.name))) {
        const list = byWord.get(word);
        if (list) list.push(position);
        else byWord.set(word, [position]);
      }
    });
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((word) => Uint32Array.from(byWord.get(word) ?? []));
    this.marks = new Uint32Array(this.entries.length);
  }

  get size() {
    return this.entries.length;
  }

  search(term: string, limit = DX_SUGGESTION_LIMIT): DxSuggestions {
    const trimmed = term.trim();
    if (!trimmed) return { results: [], omittedResults: 0 };
    const hits = looksLikeDxCode(trimmed) ? this.byCode(trimmed, limit) : this.byWords(trimmed, limit);
    const results = hits.first.map((p) => {
      const entry = this.entries[p] as Entry;
      return { code: entry.code, name: entry.name };
    });
    return { results, omittedResults: Math.max(0, hits.total - results.length) };
  }

  private byCode(term: string, limit: number): Hits {
    const prefix = compactDxCode(term);
    const start = lowerBound(this.compactCodes, prefix);
    const end = lowerBound(this.compactCodes, `${prefix}\uffff`);
    const shown = Math.min(end - start, limit);
    return { first: Array.from({ length: shown }, (_, i) => start + i), total: end - start };
  }

  /**
   * Entries whose description has, for every query word, a word starting with it. Word k marks the entries that
   * matched words 0..k-1 with the stamp base+k+1; the entries marked by the last word are the matches.
   */
  private byWords(term: string, limit: number): Hits {
    const queryWords = [...new Set(wordsOf(term))];
    if (queryWords.length === 0) return NO_HITS;
    const ranges = queryWords.map((query) => [
      lowerBound(this.words, query),
      lowerBound(this.words, `${query}\uffff`),
    ]);
    if (ranges.some(([from, to]) => from === to)) return NO_HITS;
    if (this.stamp + ranges.length + 1 >= 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    const base = this.stamp;
    this.stamp += ranges.length;
    const marks = this.marks;
    const first: number[] = [];
    let total = 0;
    ranges.forEach(([from, to], k) => {
      const last = k === ranges.length - 1;
      for (let w = from as number; w < (to as number); w++) {
        const list = this.postings[w] as Uint32Array;
        for (let i = 0; i < list.length; i++) {
          const position = list[i] as number;
          const mark = marks[position] as number;
          if (k === 0 ? mark > base : mark !== base + k) continue;
          marks[position] = base + k + 1;
          if (last) {
            total += 1;
            keepSmallest(first, position, limit);
          }
        }
      }
    });
    return { first, total };
  }
}

/**
 * The index of a database's codes, kept until an import changes them on the embedded database; on PostgreSQL rebuilt
 * at most every 5 minutes (an import elsewhere shows up by then), serving the old index while the new one is built.
 */
export const dxCodeIndex = keptUntilChanged<void, Promise<DxCodeIndex>>({
  from: ['dxCodes'],
  read: (db) => suggestableCodes(db).then((codes) => new DxCodeIndex(codes)),
  elsewhere: { maxAgeMs: 5 * 60_000, serveOldWhileReading: true },
});

export const forgetDxCodeIndex = (db: Db) => dxCodeIndex.forget(db);
