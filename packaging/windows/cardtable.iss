; The Windows installer (Inno Setup 6): Cardtable in Program Files (or the user's own
; programs folder, without administrator rights), a Start menu entry, .cardtable files opened
; by Cardtable on a double-click, and an uninstaller that takes all of it away again.
;
; Build the one-folder app first (packaging/dist/cardtable), then, from the repository:
;   iscc /DAppVersion=0.1.0 packaging\windows\cardtable.iss
; which writes packaging\dist\Cardtable-0.1.0-setup.exe. .github/workflows/build-windows.yml
; does both, installs the result silently, checks it and uninstalls it.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
; Never change the AppId: Windows knows an installed Cardtable by it (upgrades, uninstall).
AppId={{4209B564-A989-4E3F-AA4B-AB6C9C08CEBD}
AppName=Cardtable
AppVersion={#AppVersion}
AppVerName=Cardtable {#AppVersion}
AppPublisher=The Cardtable developers
DefaultDirName={autopf}\Cardtable
DefaultGroupName=Cardtable
DisableProgramGroupPage=yes
; Installs for the current user without asking for administrator rights; the first page
; offers "for all users" too.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\dist
OutputBaseFilename=Cardtable-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Tell Explorer that .cardtable files have a new owner (and, on uninstall, that they lost it).
ChangesAssociations=yes
UninstallDisplayIcon={app}\cardtable.exe
UninstallDisplayName=Cardtable

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\cardtable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Cardtable"; Filename: "{app}\cardtable.exe"; Comment: "A card-and-dice table for narrative role-playing games"
Name: "{autodesktop}\Cardtable"; Filename: "{app}\cardtable.exe"; Tasks: desktopicon

[Registry]
; .cardtable files: Cardtable opens them (the default when no other program claims them),
; with Cardtable's icon; "Open with" lists Cardtable for them. HKA is HKCU for a per-user
; install and HKLM for all users. Uninstalling removes every key written here.
Root: HKA; Subkey: "Software\Classes\.cardtable"; ValueType: string; ValueName: ""; ValueData: "Cardtable.Session"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.cardtable"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-cardtable"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.cardtable\OpenWithProgids"; ValueType: string; ValueName: "Cardtable.Session"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Cardtable.Session"; ValueType: string; ValueName: ""; ValueData: "Cardtable session"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Cardtable.Session\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\cardtable.exe,0"
Root: HKA; Subkey: "Software\Classes\Cardtable.Session\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\cardtable.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\cardtable.exe\SupportedTypes"; ValueType: string; ValueName: ".cardtable"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\cardtable.exe"; Description: "{cm:LaunchProgram,Cardtable}"; Flags: nowait postinstall skipifsilent
