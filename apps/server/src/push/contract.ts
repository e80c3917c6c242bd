/**
 * What the rest of the server knows of Web Push (issue 18): which kinds exist, what a message
 * carries, and the one call that sends one. The service worker shows `title` and `body` and opens
 * `url` when the notification is tapped; `tag` replaces an earlier notification of the same tag.
 */
export const PUSH_KINDS = ['approval', 'rejected', 'announcement', 'reminder'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app (/match/12, /notifications). */
  url: string;
  tag?: string;
}

export interface PushSender {
  /**
   * Sends `message` to every device of each user who accepts `kind`, after the caller's write has
   * committed; never throws and never makes the caller wait for the push services.
   */
  notify(userIds: readonly number[], kind: PushKind, message: PushMessage): void;
}
