// Sets of things by a key, the key dropped with its last member: the poke hub's streams by user,
// by session and by client address.
export class Groups<T> {
  private readonly map = new Map<string, Set<T>>();

  get(key: string): ReadonlySet<T> {
    return this.map.get(key) ?? new Set();
  }

  add(key: string, member: T) {
    const set = this.map.get(key) ?? new Set();
    set.add(member);
    this.map.set(key, set);
  }

  delete(key: string, member: T) {
    const set = this.map.get(key);
    if (set?.delete(member) && set.size === 0) this.map.delete(key);
  }

  keys(): string[] {
    return [...this.map.keys()];
  }
}
