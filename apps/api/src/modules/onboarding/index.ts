// What other areas may call of onboarding (decision 038): the HR sync writes draft onboardings, the
// employees table marks them.
export { draftOnboarding, type OnboardingDraft, onboardingDraftMark } from './drafts.ts';
