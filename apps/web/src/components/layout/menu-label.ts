const MAX_NAME = 10;

/** The profile name cut to 10 characters plus an ellipsis (spec section 2). */
export const menuLabel = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}...` : name);
