/** TanStack Query keys, shared by the server (which prefills them) and the client. */
export const queryKeys = {
  stone: (code: string) => ['stone', code] as const,
  statistics: () => ['statistics'] as const,
};
