/** English texts of the sign-in page (namespace "signin"). */
const signin = {
  metaTitle: "Sign in — Trinity",
  title: "Sign in",
  intro: "Use your username, password and the 12-word seed key you saved when you signed up.",
  seedKeyHint: "The 12 words, in order, separated by spaces.",
  forgot: "Forgot your password?",
  submit: "Sign in",
  submitting: "Signing in…",
  noAccount: "No account yet?",
  signUp: "Sign up",
  errors: {
    invalidCredentials: "Login failed: the username, password or seed key is not correct.",
    server: "Login failed because of a server error. Please try again.",
    failed: "Login failed: {{message}}",
  },
  twoFactor: {
    metaTitle: "Two-factor authentication — Trinity",
    title: "Two-factor authentication",
    text: "{{username}}, enter the 6-digit code from your authenticator app, or one of your recovery codes.",
    code: "Authentication code",
    hint: "6 digits, or a recovery code like xxxx-xxxx-xxxx.",
    submit: "Verify and sign in",
    restart: "Start over",
    invalid: "The code is not correct. Check your app's clock and try again.",
    expired: "The sign-in took too long. Please start again.",
    locked: "Too many wrong codes. Please sign in again.",
  },
  passkey: {
    signIn: "Sign in with a passkey",
    secondFactor: "Use a passkey instead",
    or: "or",
    waiting: "Waiting for your passkey…",
    failed: "The passkey could not be verified. Try again, or sign in with your password.",
    expired: "The passkey request expired. Please try again.",
    none: "This account has no passkey.",
  },
} as const;

export default signin;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SigninResources = Widen<typeof signin>;
