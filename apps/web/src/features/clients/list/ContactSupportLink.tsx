import { useCompanyConfig } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';

export const SUPPORT_SUBJECT = 'Practice Desk support: Manage Clients';

/** A mail to the company's support address, with the subject and who is asking filled in. */
export function ContactSupportLink() {
  const { user, company } = useSession();
  const config = useCompanyConfig(company.id);
  const email = config.data?.supportEmail;
  if (!email) return null;
  const body = [
    `Company: ${company.name} (ID ${company.id})`,
    `User: ${user.displayName} (${user.username})`,
    'Screen: Manage Clients',
    '',
    'Please describe what you need help with:',
    '',
  ].join('\n');
  const href = `mailto:${email}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}&body=${encodeURIComponent(body)}`;
  return (
    <a href={href} className="p-button p-component p-button-outlined no-underline support-link">
      <span className="p-button-icon p-button-icon-left pi pi-envelope" aria-hidden="true" />
      <span className="p-button-label">Contact Support</span>
    </a>
  );
}
