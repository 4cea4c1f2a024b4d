// What a mail is made of before it is rendered to text and HTML (render.ts): its links and its blocks.

/** The links a mail carries, made when it is sent (tokens included). */
export interface MailLinks {
  /** The stone's page (absent in a collection's own mails). */
  stone?: string;
  /** A memorial collection's page (a collection's mails, a find mail to its followers) and its label sheet. */
  collection?: string;
  labels?: string;
  qr?: string;
  owner?: string;
  confirm?: string;
  /** Where one click stops these mails: the page (in the text) and the RFC 8058 endpoint (in the header). */
  stopPage?: string;
  stopPost?: string;
  /** Where the reader chooses how often they hear (the same token as the stop links). */
  preferences?: string;
}

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'button'; label: string; url: string }
  /** A picture (a letter's share cards): left out of the text version. */
  | { kind: 'image'; url: string; alt: string };
