import { Controller } from '@nestjs/common';
import type { PublicSettingsResponse } from '@pt/contracts';
import { Endpoint } from '@pt/platform';
import { SettingsService } from '../services/settings.service';

/** §7 public settings for anyone (the web app's loader, §4). */
@Controller()
export class PublicSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Endpoint('GET /api/v1/settings/public')
  publicSettings(): Promise<PublicSettingsResponse> {
    return this.settings.publicValues();
  }
}
