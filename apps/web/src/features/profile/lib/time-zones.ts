/** The IANA time zones a learner can pick, with the device's own and UTC always among them. */
export function timeZoneChoices(device: string, current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  return [...new Set([...zones, device, current, "UTC"])].sort((a, b) => a.localeCompare(b));
}
