import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/ui/page-header';
import { OrganizationForm } from '../components/organization-form';

/** `/dashboard/settings/organization`: the organisation's name and time zone (IT owners). */
export function OrganizationPage() {
  const { t } = useLingui();
  return (
    <div className="max-w-3xl space-y-6">
      {/* The top bar's title says "Organisation". */}
      <PageHeader
        description={t`What your organisation is called in Equip, and the time zone its dates are shown in.`}
      />
      <OrganizationForm />
    </div>
  );
}
