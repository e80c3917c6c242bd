/**
 * The web app's own constants (SPEC §2 and §9): pixels, waits and display counts no server rule
 * depends on. Shared limits (lengths, scores, dates) stay in `@mitos/domain/constants`.
 */

/** Pixels of the bars, menus and lists. */
export const LAYOUT = {
  topBarHeight: 64,
  menuWidth: 198,
  bottomBarHeight: 52.5,
  notificationMenuWidth: 360,
  contentPaddingTop: 64,
  contentPaddingBottom: 56,
  searchResultsMaxHeight: 200,
} as const;

/** Waits, in milliseconds. */
export const TIMINGS = {
  apiTimeoutMs: 30_000,
  decksTimeoutMs: 5_000,
  sessionRecheckMs: 5 * 60_000,
  /**
   * The first screen's data waits at most this long for the live connection's first count
   * (app/first-screen): past it, the data is asked for without it.
   */
  firstScreenLiveWaitMs: 1_500,
  /** SPEC §9: a 500 on close-rejected is retried once after this long. */
  closeRejectedRetryMs: 1_000,
  searchDebounceMs: 300,
  registrationRedirectMs: 2_000,
  noticeAutoHideMs: 6_000,
  adminMessageMs: 3_000,
  splashMs: 1_000,
  /**
   * The service worker registers once the first screen has had nothing loading for this long
   * (lib/first-screen-settled), or `firstScreenSettleMaxMs` after the page's load at the latest.
   */
  firstScreenQuietMs: 1_000,
  firstScreenSettleMaxMs: 15_000,
} as const;

/** How many items a screen shows before summarising. */
export const DISPLAY = {
  matchCardAvatars: 2,
  participantAvatars: 5,
  participantSummary: 6,
} as const;
