// spec §1, §2: the nav and the floating 'play online' link stay off every path containing 'oswiadczenie'.
export function isStatementPath(pathname: string): boolean {
  return pathname.includes('oswiadczenie');
}
