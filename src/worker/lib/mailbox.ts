/** `Name <addr@host>` or `addr@host`, split into its parts (the mail builder, the configuration check). */
export function mailbox(value: string): { name?: string; addr: string } {
  const match = value.match(/^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/);
  if (match?.[2]) return match[1] ? { name: match[1].replace(/^"|"$/g, ''), addr: match[2] } : { addr: match[2] };
  return { addr: value.trim() };
}
