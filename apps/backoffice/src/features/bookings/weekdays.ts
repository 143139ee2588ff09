import { consoleMessages } from '@farmacia/contract';

export const WEEKDAYS = consoleMessages.common.weekdayNames;
