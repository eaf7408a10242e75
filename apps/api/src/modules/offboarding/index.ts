// What other areas may call of offboarding (decision 038): the HR sync and SCIM write draft
// offboardings, the employees table marks them.
export {
  discardOffboardingDraft,
  draftOffboarding,
  type OffboardingDraft,
  offboardingDraftMark,
} from './drafts.ts';
