/** A setting that cannot be used: the message names it and says what it must be (Polish for new settings). */
export class ConfigError extends Error {}
