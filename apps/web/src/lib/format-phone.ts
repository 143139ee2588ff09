/** The profile's phone ('393331234567', country code first) as people write it: '+39 333 1234567'. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '—';
  const match = /^39(\d{3})(\d+)$/.exec(phone);
  return match ? `+39 ${match[1]} ${match[2]}` : phone;
}
