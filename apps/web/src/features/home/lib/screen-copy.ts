/**
 * What each screen is for, in the product's voice: its page title, meta description and the
 * introduction shown until the screen's own issue fills it in.
 */

export interface ScreenCopy {
  title: string;
  description: string;
  heading: string;
  body: string;
}

export const SCREEN_COPY = {
  lessonLearn: {
    title: "Lesson",
    description:
      "Learn by doing: read a short explanation, write real code and check it in your browser.",
    heading: "Your lesson",
    body: "Each lesson is a short explanation followed by something to try: a question, a snippet to complete or code to write and run, right here in your browser.",
  },
  lessonChallenge: {
    title: "Practice challenges",
    description: "Practise what the chapter taught with challenges and fewer hints.",
    heading: "Practice challenges",
    body: "Put the chapter to work: the same skills, fewer hints, and checks that tell you exactly what to fix.",
  },
  lessonTutor: {
    title: "Lesson with tutor",
    description:
      "Work through a lesson with hints one at a time and plain-words explanations of errors.",
    heading: "Learn with a tutor",
    body: "Stuck? The tutor gives the author's hints one at a time, explains your last error in plain words, and shows the solution when you ask.",
  },
  streak: {
    title: "Your streak",
    description: "Your current and longest streak, your calendar and your streak freezes.",
    heading: "Your streak",
    body: "Meet your daily goal to grow your streak. Your calendar shows every day you learned, counted in your own time zone.",
  },
  dailyGoal: {
    title: "Daily goal",
    description: "See today's progress towards your daily goal.",
    heading: "Daily goal",
    body: "Every lesson earns XP towards today's goal. Reach it to keep your streak going.",
  },
  syncProgress: {
    title: "Syncing your progress",
    description: "Send the progress you made offline.",
    heading: "Syncing your progress",
    body: "Lessons you finished without a connection are saved on this device and sent as soon as you are back online.",
  },
  projectDone: {
    title: "Project complete",
    description: "You finished a project. Share what you built.",
    heading: "Project complete",
    body: "You built something real. Take a moment to look at it, then share the link with someone.",
  },
  section: {
    title: "Learning path",
    description: "The tutorials of this section, in order, with your progress.",
    heading: "Your learning path",
    body: "Tutorials unlock one after another. Pick up where you left off, or look back at what you have done.",
  },
  redirectToActiveSection: {
    title: "Continue learning",
    description: "Pick up where you left off.",
    heading: "Continue learning",
    body: "We take you back to the section you were working on.",
  },
  subscribe: {
    title: "Subscribe",
    description: "Unlock every track, the AI tutor and the app builder.",
    heading: "Go further with a subscription",
    body: "Subscribers unlock every track, unlimited help from the AI tutor, and the AI app builder.",
  },
  web2appSignup: {
    title: "Create your account",
    description: "Create an account to continue in the app.",
    heading: "Create your account",
    body: "Create an account to keep your subscription and progress on every device.",
  },
  web2appSuccess: {
    title: "You are all set",
    description: "Your subscription is active.",
    heading: "You are all set",
    body: "Your subscription is active. Open the app and sign in with the same account.",
  },
  purchaseSuccessful: {
    title: "Thank you",
    description: "Your purchase was successful.",
    heading: "Thank you!",
    body: "Your purchase went through. Everything it unlocks is ready for you now.",
  },
  goToCheckout: {
    title: "Checkout",
    description: "Continue to a secure checkout.",
    heading: "Taking you to checkout",
    body: "You will finish your purchase on a secure checkout page.",
  },
  login: {
    title: "Sign in",
    description: "Sign in to keep learning where you left off.",
    heading: "Welcome back",
    body: "Sign in to pick up your streak, your progress and your saved code.",
  },
  register: {
    title: "Create an account",
    description: "Create a free account to save your progress.",
    heading: "Start learning for free",
    body: "Create an account to save your code, keep your streak and follow your progress on any device.",
  },
  passwordReset: {
    title: "Reset your password",
    description: "Get a link to choose a new password.",
    heading: "Reset your password",
    body: "Enter your email address and we will send you a link to choose a new password.",
  },
  onboardingCheck: {
    title: "Getting started",
    description: "A few questions so we can suggest where to start.",
    heading: "Let's get you started",
    body: "Tell us a little about yourself and what you want to build, and we will suggest a track.",
  },
  onboardingChat: {
    title: "Getting started",
    description: "Chat with the assistant to choose your first track.",
    heading: "Find your first track",
    body: "A short chat to learn what you want to build, so your first lessons fit your goals.",
  },
  events: {
    title: "Events",
    description: "Live sessions, challenges and community events.",
    heading: "Events",
    body: "Join live coding sessions and community challenges, and learn alongside others.",
  },
  library: {
    title: "Library",
    description: "Every track and tutorial in one place.",
    heading: "Library",
    body: "Browse every track and tutorial: Python, JavaScript, web development, SQL, and React with TypeScript.",
  },
  glossary: {
    title: "Glossary",
    description: "Short, clear definitions of programming terms with examples.",
    heading: "Glossary",
    body: "Plain-words definitions of the terms you meet in lessons, each with a short example.",
  },
  build: {
    title: "Build an app",
    description: "Describe an app and build it with AI.",
    heading: "Build an app with AI",
    body: "Describe what you want to make, and build it step by step with the AI app builder.",
  },
  buildProject: {
    title: "Your app",
    description: "Keep building your app.",
    heading: "Your app",
    body: "Keep shaping your app: ask for changes, look at the code, and run it.",
  },
  machine: {
    title: "Machine",
    description: "The machine that runs your app.",
    heading: "Your app's machine",
    body: "Every app you build runs on its own machine. See its state and its logs here.",
  },
  instances: {
    title: "Your published apps",
    description: "The apps you have published and where they run.",
    heading: "Your published apps",
    body: "Every app you have published from the app builder, with its status.",
  },
  instance: {
    title: "Published app",
    description: "One of your published apps and where it runs.",
    heading: "Published app",
    body: "Details of one of your apps: its machine, its status and how to open it.",
  },
  shared: {
    title: "Shared project",
    description: "A project someone shared with you.",
    heading: "A shared project",
    body: "Someone shared their code with you. Look through it, run it, and make your own copy to change.",
  },
  playground: {
    title: "Runner playground",
    description: "Run code in every runtime and see the result contract.",
    heading: "Runner playground",
    body: "For course engineers: run code in every runtime and inspect the results.",
  },
} satisfies Record<string, ScreenCopy>;

export type ScreenKey = keyof typeof SCREEN_COPY;
