import { Controller, Get } from '@nestjs/common';
import type { PublicSettingsResponse } from '@pt/contracts';
import { SettingsService } from '../services/settings.service';

/** §7 public settings for anyone (the web app's loader, §4). */
@Controller('api/v1/settings')
export class PublicSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('public')
  publicSettings(): Promise<PublicSettingsResponse> {
    return this.settings.publicValues();
  }
}
