// The branch import's matching, in memory: one read of every branch instead of a query per row.
import type { branches } from '../db/schema';

type Branch = typeof branches.$inferSelect;

/** The branches by id and by lower-cased name, kept current with the rows the import creates or renames. */
export class BranchIndex {
  private byId = new Map<string, Branch>();
  private byName = new Map<string, Branch[]>();
  constructor(rows: Branch[]) {
    rows.forEach((b) => this.add(b));
  }
  withId(id: string) {
    const b = this.byId.get(id.toLowerCase());
    return b ? [b] : [];
  }
  named(name: string) {
    return this.byName.get(name.toLowerCase()) ?? [];
  }
  add(b: Branch) {
    this.byId.set(b.id.toLowerCase(), b);
    this.byName.set(b.name.toLowerCase(), [...this.named(b.name), b]);
  }
  update(b: Branch, values: Partial<Branch>) {
    this.byName.set(
      b.name.toLowerCase(),
      this.named(b.name).filter((x) => x !== b),
    );
    Object.assign(b, values);
    this.byName.set(b.name.toLowerCase(), [...this.named(b.name), b]);
  }
}
