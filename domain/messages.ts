/**
 * The one message catalogue: every user-facing string of the product, each exactly once.
 *
 * Strings taken from the specification are copied verbatim, typos included
 * ('Template was unpined successfully!', 'Do you want to deleted this item?'), because users and
 * tests match on them. Entries marked "our wording" fill gaps the specification leaves open.
 *
 * Pure data: importable from the browser, the API and the jobs alike.
 */
export const MESSAGES = {
  // ── Form validation (spec §5) ───────────────────────────────────────────────────────────────
  required: "Should not be empty!",
  minLength: "It is too short!",
  maxLength: "It is too long!",
  numeric: "It has to be a number!",
  email: "Email address is not valid!",
  emails: "One or more email addresses are invalid.",
  url: "Url is not valid!",
  wrongFormat: "Wrong format!",
  positive: "It has to be a number above 0!",
  notNegative: "It can not be negative number!",
  percentage: "Should be between 0 and 100!",
  atLeastOneItem: "Please add at least one item!",
  tooManyElements: "You have chosen too many elements!",
  sameAsPassword: "Must be the same as password!",
  codeNotValid: "Code is not valid.",
  // Password rules: the spec names the rules but not their wording (our wording).
  passwordDigit: "Must contain a digit!",
  passwordLowercase: "Must contain a lowercase letter!",
  passwordUppercase: "Must contain an uppercase letter!",
  passwordSpecial: "Must contain a special character!",
  passwordSpecialOrDigit: "Must contain a special character or a digit!",
  // Annotation layer colour already used (our wording).
  colorInUse: "This colour is already used by another layer.",
  // Rules (analytics spec §5).
  selectAction: "Please select an action",
  selectTarget: "Please select a target",
  reviewAuthFailed:
    "Could not authenticate. Please review the business name and try again.",
  // Uniqueness and business-profile name rules (our wording).
  nameTaken: "This name is already taken.",
  lettersNumbersSpaces: "Use letters, numbers and spaces only.",

  // ── Errors and toasts (spec §8) ─────────────────────────────────────────────────────────────
  somethingWentWrong: "Something went wrong",
  notificationDismissFailed:
    "We were not able to mark notification as dismissed.",
  markAllReadFailed: "We were not able to mark all notification as read.",
  tokenGenerationFailed: "We were not able to generate a new token.",
  emailOrPasswordIncorrect: "Email or password is incorrect",
  invalidOtpCode: "Invalid otp code",
  emailTaken: "Email is already taken!",
  emailInUse: "This email is already in use.",
  templatePinned: "Template was pinned successfully!",
  templateUnpinned: "Template was unpined successfully!",
  templateDeleted: "Template was deleted successfully",
  templateUpdated: (name: string) => `Template '${name}' successfully updated`,
  // DESIGN.md: the spec's "Topic '{name}' successfully created" is a copy slip.
  templateCreated: (name: string) => `Template '${name}' successfully created`,
  messageCopied: "Message copied to clipboard!",
  // Lazy-loaded part failed to load (our wording).
  chunkLoadError:
    "Part of the page could not be loaded. Please reload the page.",
  // API error texts (our wording).
  tooManyAttempts: "Too many attempts. Please try again later.",
  notFound: "Not found",
  forbidden: "You are not allowed to do this.",
  unauthorized: "You need to sign in.",
  csrfInvalid: "Invalid or missing CSRF token.",
  badRequest: "Bad request",

  // ── UI texts ────────────────────────────────────────────────────────────────────────────────
  operationInProgress: "Operation in progress...",
  pageNotFound: "Page not found",
  confirmTitle: "Are you sure?",
  confirmMessage: "Do you want to deleted this item?",
  confirm: "Confirm",
  unsavedTitle: "Do you want to save the changes you made?",
  unsavedText: "Your changes will be lost if you don't save them.",
  cancel: "Cancel",
  dontSave: "Don't save",
  save: "Save",
  close: "Close",
  login: "Login",
  signUp: "Sign Up",
  restoreAdminAccount: "Restore Admin Account",
  goToProfiles: "Go to Profiles",
  markAllAsRead: "Mark all as read",
  priorNotifications: "Prior Notifications",
  noNotifications: "No Notifications",
  moreDetails: "more details",
  dismiss: "Dismiss",
  justNow: "just now",
  notificationsCount: (n: number) => `${n} notifications`,
  selectTeams: "Select teams",
  chosenCount: (n: number) => `${n} chosen`,
  allDataPoints: "All Data Points",

  // Templates modal.
  templates: "Templates",
  selectTemplate: "Select Template",
  saveTemplate: "Save Template",
  newMessage: "New Message",
  copyText: "Copy text",
  templateVisibleFor: "Template visible for",
  searchForTemplate: "Search for template",
  filterByLanguage: "Filter by language",
  templateDeleteConfirm: (name: string) =>
    `Are you sure you want to delete template "${name}"? This action cannot be undone.`,

  // Flow mode (our wording for the paused modal).
  flowModePaused: "Flow mode paused",
  flowModePausedText: "Flow mode was turned off after 30 seconds.",
  resumeFlowMode: "Resume flow mode",

  // Saved-search sidebar sections.
  brandSearches: "BRAND SEARCHES",
  mySearches: "MY SEARCHES",
  teamSearches: "TEAM SEARCHES",

  // Visibility selector (labels used by domain/visibility.ts; "Teams" is `teams` below).
  onlyMe: "Only Me",
  everyone: "Everyone",

  // Role labels (used by domain/roles.ts; our wording).
  roleSystemAdmin: "System admin",
  roleAdmin: "Admin",
  roleAgent: "Agent",
  roleGuest: "Guest",

  // Menu entries (side menu and avatar menu).
  dashboard: "Dashboard",
  helper: "Helper",
  streams: "Streams",
  inbox: "Inbox",
  liveSearch: "Live Search",
  howTo: "How To",
  adminBp: "Admin BP",
  people: "People",
  profiles: "Profiles",
  teams: "Teams",
  users: "Users",
  channels: "Channels",
  customTopics: "Custom Topics",
  rules: "Rules",
  reports: "Reports",
  dashboardV1: "Dashboard V1",
  settings: "Settings",
  moderationReport: "Moderation Report",
  logout: "Logout",

  // Accounts and teams (our wording where the spec shows none).
  inviteInvalid: "This invitation is no longer valid.",
  inviteEmailMismatch: "Use the e-mail address the invitation was sent to.",
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  roleAboveYours: "You cannot grant a role above your own.",
  systemAdminsNoTeams: "System admins are not placed in teams.",
  unknownTeam: "One or more teams do not exist.",
  unknownAccount: "One or more users do not exist.",
  resetEmailSent: "If an account exists for this e-mail, we have sent a link to reset the password.",
  resetLinkInvalid: "This password reset link is not valid or has expired.",
  passwordChanged: "Your password has been changed.",
  currentPasswordWrong: "The current password is not correct.",
  preferencesSaved: "Preferences saved.",
  twoFactorEnabled: "Two-factor login is on.",
  twoFactorDisabled: "Two-factor login is off.",
  twoFactorNotSetUp: "Set up two-factor login first.",
  backupCodesRegenerated: "New backup codes created. The old ones no longer work.",
  memberUpdated: "User updated.",
  memberRemoved: "User removed.",
  cannotChangeSelf: "You cannot change or remove your own account here.",
  teamCreated: (name: string) => `Team '${name}' created.`,
  teamUpdated: (name: string) => `Team '${name}' updated.`,
  teamDeleted: "Team deleted.",
  takeoverNotAllowed: "This account cannot be taken over.",
  notTakingOver: "You are not taking over an account.",
  takeoverStarted: (name: string) => `You are now signed in as ${name}.`,

  // Users and teams screens under /settings (our wording).
  inviteUser: "Invite a user",
  invite: "Invite",
  takeOver: "Take over",
  remove: "Remove",
  delete: "Delete",
  createTeam: "Create team",
  newTeam: "New team",
  accountActive: "Active",
  accountRemoved: "Removed",
  noTeamsYet: "No teams yet.",
  noMembers: "No members",
  onlyAdminsManage: "Only admins can change users and teams.",

  // Account screens: sign-up, password reset, account settings (our wording).
  noInvitation: "You need an invitation to sign up. Ask an admin of your team to invite you.",
  haveAccount: "Already have an account?",
  inviteEmailHint: "The invitation was sent to this address.",
  forgotPassword: "Forgot your password?",
  forgotPasswordIntro: "Enter the e-mail address of your account and we will send you a link to set a new password.",
  sendResetLink: "Send reset link",
  backToLogin: "Back to login",
  resetPassword: "Set a new password",
  resetPasswordFor: (email: string) => `Choose a new password for ${email}.`,
  requestNewResetLink: "Request a new link",
  accountSettings: "Account settings",
  preferences: "Preferences",
  safetyAndPrivacy: "Safety and privacy",
  urlWarningLabel: "Warn before opening links",
  urlWarningHelp: "Ask before opening a link found in a post, so you do not land on an unexpected site.",
  reviewOnReplyLabel: "Review replies before sending",
  reviewOnReplyHelp: "Open a review step before a reply is sent, to check it once more.",
  directEmailToNetworkLabel: "Send e-mail replies directly",
  directEmailToNetworkHelp: "Send e-mail replies directly through the network's channel instead of from the product.",
  twoFactorLogin: "Two-factor login",
  twoFactorOffIntro: "Protect your account with a code from an authenticator app each time you sign in.",
  twoFactorOnIntro: "Signing in asks for a code from your authenticator app or a backup code.",
  setUpTwoFactor: "Set up two-factor login",
  twoFactorScan: "Scan the QR code with your authenticator app, or enter the key by hand, then enter the 6-digit code the app shows.",
  twoFactorSecretLabel: "Key for manual entry",
  activateTwoFactor: "Turn on two-factor login",
  backupCodesTitle: "Backup codes",
  backupCodesNote:
    "Store these codes somewhere safe, such as a password manager. Each code works once when you cannot use your app. They are shown only now.",
  regenerateBackupCodes: "Regenerate backup codes",
  regenerateBackupCodesHelp: "New codes replace the old ones, which stop working.",
  turnOffTwoFactor: "Turn off",
  turnOffTwoFactorHelp: "Enter your password to turn two-factor login off.",
  changePassword: "Change password",
  changePasswordHelp: "Your other sessions end when the password changes.",
} as const;

export type Messages = typeof MESSAGES;
export type MessageKey = keyof Messages;

/** Keys whose entry is a plain string (not a formatter function). */
export type StaticMessageKey = {
  [K in MessageKey]: Messages[K] extends string ? K : never;
}[MessageKey];

/**
 * A server field error as the UI shows it: '{field} {first message}' (spec §5).
 * With no message there is nothing to show, and the result is ''.
 */
export function fieldErrorText(
  field: string,
  messages: readonly string[],
): string {
  const first = messages.find((m) => typeof m === "string" && m.length > 0);
  if (first === undefined) return "";
  return field ? `${field} ${first}` : first;
}

/** A base (non-field) server error is shown as-is; an empty one falls back to the generic text. */
export function baseErrorText(message: string | null | undefined): string {
  return typeof message === "string" && message.trim().length > 0
    ? message
    : MESSAGES.somethingWentWrong;
}
