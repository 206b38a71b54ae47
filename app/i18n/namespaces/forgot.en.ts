/** English texts of the "forgot" namespace (loaded only by the routes that list it in handle.i18n). */
const forgot = {
  metaTitle: "Forgot password",
  title: "Reset your password",
  steps: {
    label: "Progress",
    request: "Send code",
    reset: "New password",
    done: "Done",
    current: "(current step)",
  },
  request: {
    intro: "Enter the email address of your account. We will send it a 6-digit code to set a new password.",
    submit: "Send code",
  },
  reset: {
    sent: "If an account uses {{email}}, we sent it a code. It is valid for 15 minutes.",
    intro: "Enter the code from the email and choose a new password, or open the link in the email.",
    codeLabel: "6-digit code",
    submit: "Set new password",
    resendPrompt: "No email?",
    resend: "Send the code again",
    resent: "If an account uses this address, we sent it a new code.",
    otherEmail: "Use another email address",
  },
  link: {
    intro: "Choose a new password for your account. The link in the email works once, for 15 minutes.",
    newLink: "Ask for a new link",
  },
  done: {
    heading: "Your password was changed",
    text: "Sign in with your new password. Every other session of your account was signed out.",
    signIn: "Go to sign in",
  },
  errors: {
    codeInvalid: "Verification code is invalid or expired",
    noFlow: "This browser did not ask for this code. Open the link in the email, or send a new code from here.",
    linkInvalid: "This link is invalid or expired. Ask for a new one.",
  },
  backToSignIn: "Back to sign in",
} as const;

export default forgot;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ForgotResources = Widen<typeof forgot>;
