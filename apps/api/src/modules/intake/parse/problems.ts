/** A file that cannot be imported, with the reason a person can act on; nothing is written. */
export class FileProblem extends Error {}
