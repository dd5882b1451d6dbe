// autocannon ships no types; the bench reads a few fields of its result.
declare module 'autocannon';
